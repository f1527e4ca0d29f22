// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Observation
import Signals
import SignalsTesting
import Testing

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable
private final class Settings: @unchecked Sendable {
  // Safety (of the `@unchecked Sendable`): tests mutate and read it from one task at a time.
  var theme = "light"
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable
private final class Model: @unchecked Sendable {
  // Safety (of the `@unchecked Sendable`): tests mutate and read it from one task at a time.
  var query = ""
  var count = 0
  var settings = Settings()
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable
private final class ProbedModel: @unchecked Sendable {
  // Safety (of the `@unchecked Sendable`): tests mutate and read it from one task at a time.
  var value = 0
  @ObservationIgnored let probe: ReleaseProbe

  init(probe: ReleaseProbe) {
    self.probe = probe
  }
}

/// Keeps its subscription, and calls it back from its `deinit`: were it released while the
/// subscription holds its lock, that call would deadlock.
private final class RequestingOnReleaseSubscriber: Subscriber {
  typealias Input = Int
  typealias Failure = Never

  private(set) var subscription: (any Subscription)?
  private let released: Checkpoint

  init(released: Checkpoint) {
    self.released = released
  }

  func receive(subscription: any Subscription) {
    self.subscription = subscription
    subscription.request(.unlimited)
  }

  func receive(_ input: Int) -> Subscribers.Demand { .none }

  func receive(completion: Subscribers.Completion<Never>) {}

  deinit {
    subscription?.request(.max(1))
    released.signal()
  }
}

struct ObservationPublisherTests {
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func deliversTheCurrentValueAtOnce() {
    let model = Model()
    model.query = "swift"
    let scheduler = DispatchQueue.test
    let subscriber = TestSubscriber<String, Never>()
    ObservationPublisher(scheduler: scheduler) { model.query }.subscribe(subscriber)
    #expect(subscriber.values == ["swift"])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func eachChangeIsDeliveredWithTheNewValueOnTheScheduler() {
    let model = Model()
    let scheduler = DispatchQueue.test
    let subscriber = TestSubscriber<Int, Never>()
    ObservationPublisher(scheduler: scheduler) { model.count }.subscribe(subscriber)
    model.count = 1
    #expect(subscriber.values == [0], "nothing is delivered before the scheduler runs")
    scheduler.advance()
    #expect(subscriber.values == [0, 1])
    model.count = 2
    scheduler.advance()
    model.count = 3
    scheduler.advance()
    #expect(subscriber.values == [0, 1, 2, 3])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func severalChangesInOneTurnGiveOneValueTheNewest() {
    let model = Model()
    let scheduler = DispatchQueue.test
    let subscriber = TestSubscriber<String, Never>()
    ObservationPublisher(scheduler: scheduler) { model.query }.subscribe(subscriber)
    model.query = "s"
    model.query = "sw"
    model.query = "swi"
    scheduler.advance()
    #expect(subscriber.values == ["", "swi"])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aChangeOfAnyPropertyReadIsDelivered() {
    let model = Model()
    let scheduler = DispatchQueue.test
    let subscriber = TestSubscriber<String, Never>()
    ObservationPublisher(scheduler: scheduler) { "\(model.query)#\(model.count)" }.subscribe(subscriber)
    model.count = 7
    scheduler.advance()
    model.query = "q"
    scheduler.advance()
    #expect(subscriber.values == ["#0", "#7", "q#7"])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aPropertyOfANestedObjectIsObserved() {
    let model = Model()
    let scheduler = DispatchQueue.test
    let subscriber = TestSubscriber<String, Never>()
    ObservationPublisher(scheduler: scheduler) { model.settings.theme }.subscribe(subscriber)
    model.settings.theme = "dark"
    scheduler.advance()
    let replacement = Settings()
    replacement.theme = "sepia"
    model.settings = replacement
    scheduler.advance()
    replacement.theme = "blue"
    scheduler.advance()
    #expect(subscriber.values == ["light", "dark", "sepia", "blue"])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func aChangeWithoutDemandIsDeliveredAsTheNewestValueOnRequest() {
    let model = Model()
    let scheduler = DispatchQueue.test
    let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
    ObservationPublisher(scheduler: scheduler) { model.count }.subscribe(subscriber)
    model.count = 1
    scheduler.advance()
    model.count = 2  // no tracking is armed: the pending delivery reads the newest value
    scheduler.advance()
    #expect(subscriber.values == [0])
    subscriber.request(.max(1))
    #expect(subscriber.values == [0, 2])
    model.count = 3
    scheduler.advance()
    #expect(subscriber.values == [0, 2], "no demand left")
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func nothingIsDeliveredAfterCancel() {
    let model = Model()
    let scheduler = DispatchQueue.test
    let subscriber = TestSubscriber<Int, Never>()
    ObservationPublisher(scheduler: scheduler) { model.count }.subscribe(subscriber)
    model.count = 1
    subscriber.cancel()
    scheduler.advance()
    model.count = 2
    scheduler.advance()
    #expect(subscriber.values == [0])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func cancelReleasesTheModelAndTheSubscriber() {
    let modelReleased = Checkpoint()
    let subscriberReleased = Checkpoint()
    var model: ProbedModel? = ProbedModel(probe: ReleaseProbe(modelReleased))
    let scheduler = DispatchQueue.test
    let received = Recorder<Int>()
    var cancellable: AnyCancellable? = {
      let probe = ReleaseProbe(subscriberReleased)
      return ObservationPublisher(scheduler: scheduler) { [model] in model?.value ?? -1 }
        .sink { [probe] value in
          withExtendedLifetime(probe) {}
          received.append(value)
        }
    }()
    model?.value = 1
    scheduler.advance()
    #expect(received.elements == [0, 1])
    model?.value = 2  // a change announced, its delivery scheduled, then cancelled
    cancellable = nil
    model = nil
    #expect(modelReleased.count == 1, "cancel drops the closure that captured the model")
    #expect(subscriberReleased.count == 1, "the subscriber is released at once")
    scheduler.advance()
    #expect(received.elements == [0, 1])
    withExtendedLifetime(cancellable) {}
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test func cancelReleasesTheSubscriberAfterUnlocking() throws {
    let model = Model()
    let released = Checkpoint()
    let subscription = try {
      let subscriber = RequestingOnReleaseSubscriber(released: released)
      ObservationPublisher(scheduler: DispatchQueue.test) { model.count }.subscribe(subscriber)
      return try #require(subscriber.subscription)
    }()
    // The subscription holds the subscriber's last reference; the subscriber's deinit requests
    // from the subscription, which takes its lock.
    subscription.cancel()
    #expect(released.count == 1, "the subscriber was released by cancel, and its call back returned")
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Test(timeLimit(minutes: 1))
  func twoConsumersOfTheSequenceBothSeeEveryChange() async {
    let model = Model()
    let scheduler = DispatchQueue.test
    let sequence = ObservationPublisher(scheduler: scheduler) { model.count }.values
    var first = sequence.makeAsyncIterator()
    var second = sequence.makeAsyncIterator()
    model.count = 1
    scheduler.advance()
    model.count = 2
    scheduler.advance()
    var firstValues: [Int] = []
    var secondValues: [Int] = []
    for _ in 0..<3 {
      firstValues.append(await first.next() ?? -1)
      secondValues.append(await second.next() ?? -1)
    }
    #expect(firstValues == [0, 1, 2])
    #expect(secondValues == [0, 1, 2])
  }
}
