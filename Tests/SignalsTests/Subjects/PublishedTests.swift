// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

private final class Score {
  @Published var points: Int
  @Published var label = ""
  @Published var bonus: Int? = nil

  init(_ points: Int = 0) {
    _points = Published(initialValue: points)
  }
}

/// A reference-type value, to check with a weak reference that the property lets it go.
private final class Token {}

private final class TokenHolder {
  @Published var token: Token?
}

/// Feeds one of its properties from another, in `init`.
@available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
private final class Mirrored {
  @Published var source = 0
  @Published var copy = -1

  init() {
    $source.assign(to: &$copy)
  }
}

struct PublishedTests {
  @Test func subscriberReadingThePropertySeesTheOldValue() {
    let score = Score(1)
    var seen: [String] = []
    let cancellable = score.$points.sink { newValue in
      seen.append("\(score.points)->\(newValue)")
    }
    score.points = 2
    score.points = 3
    #expect(seen == ["1->1", "1->2", "2->3"])
    #expect(score.points == 3)
    cancellable.cancel()
  }

  @Test func newSubscriberReceivesTheCurrentValueFirst() {
    let score = Score(5)
    score.points = 7
    let recorder = TestSubscriber<Int, Never>()
    score.$points.subscribe(recorder)
    score.points = 8
    #expect(recorder.events == [.subscription, .value(7), .value(8)])
  }

  @Test func currentValueWaitsForDemand() {
    let score = Score(5)
    let recorder = TestSubscriber<Int, Never>(initialDemand: .none)
    score.$points.subscribe(recorder)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(5)])
  }

  @Test func subscriberWithoutDemandReceivesTheLatestValueWhenItAsks() {
    let score = Score(0)
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(2))
    score.$points.subscribe(recorder)
    score.points = 1
    score.points = 3
    score.points = 6
    #expect(recorder.events == [.subscription, .value(0), .value(1)])
    recorder.request(.max(10))
    #expect(recorder.events == [.subscription, .value(0), .value(1), .value(6)])
    score.points = 42
    #expect(recorder.values == [0, 1, 6, 42])
  }

  @Test func cancelledSubscriberReceivesNothingMore() {
    let score = Score(0)
    let first = TestSubscriber<Int, Never>()
    let second = TestSubscriber<Int, Never>()
    score.$points.subscribe(first)
    score.$points.subscribe(second)
    score.points = 1
    first.cancel()
    score.points = 2
    #expect(first.events == [.subscription, .value(0), .value(1)])
    #expect(second.events == [.subscription, .value(0), .value(1), .value(2)])
  }

  @Test func optionalPropertyPublishesNil() {
    let score = Score()
    let recorder = TestSubscriber<Int?, Never>()
    score.$bonus.subscribe(recorder)
    score.bonus = 10
    score.bonus = nil
    #expect(recorder.events == [.subscription, .value(nil), .value(10), .value(nil)])
  }

  @Test func setFromInsideASubscriberIsTheValueKept() {
    let score = Score(0)
    var seen: [Int] = []
    let cancellable = score.$points.sink { value in
      seen.append(value)
      if value > 10 { score.points = 10 }
    }
    score.points = 11
    #expect(seen == [0, 11, 10])
    #expect(score.points == 10)
    let late = TestSubscriber<Int, Never>()
    score.$points.subscribe(late)
    #expect(late.values == [10])
    cancellable.cancel()
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func writingTheProjectedValueDoesNotRebindTheProperty() {
    let first = Score(1)
    let second = Score(2)
    first.$points = second.$points
    first.points = 10
    #expect(first.points == 10)
    #expect(second.points == 2)
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func assignToPublishedWritesEveryValueAndAsksForUnlimited() {
    let score = Score(0)
    let upstream = TestPublisher<Int, Never>()
    let recorder = TestSubscriber<Int, Never>()
    score.$points.subscribe(recorder)
    upstream.assign(to: &score.$points)
    #expect(upstream.subscription.events == [.requested(.unlimited)])
    #expect(upstream.send(4) == .none)
    #expect(upstream.send(9) == .none)
    #expect(score.points == 9)
    #expect(recorder.events == [.subscription, .value(0), .value(4), .value(9)])
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func assignToPublishedFromAnotherPropertyOfTheSameObject() {
    let score = Score(0)
    let labels = TestSubscriber<String, Never>()
    score.$label.subscribe(labels)
    let texts = PassthroughSubject<String, Never>()
    texts.assign(to: &score.$label)
    texts.send("gold")
    #expect(score.label == "gold")
    #expect(labels.values == ["", "gold"])
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func assignToPublishedEndsWhenTheObjectIsReleased() {
    let upstream = TestPublisher<Token?, Never>()
    weak var weakHolder: TokenHolder?
    weak var weakToken: Token?
    do {
      let holder = TokenHolder()
      weakHolder = holder
      upstream.assign(to: &holder.$token)
      let token = Token()
      weakToken = token
      upstream.send(token)
      #expect(holder.token === token)
    }
    #expect(weakHolder == nil)
    #expect(weakToken == nil)
    #expect(upstream.subscription.events == [.requested(.unlimited), .cancelled])
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func assignBetweenPropertiesOfOneObjectMakesNoCycle() {
    let texts = PassthroughSubject<String, Never>()
    weak var weakScore: Score?
    do {
      let score = Score()
      weakScore = score
      texts.assign(to: &score.$label)
      texts.send("silver")
      #expect(score.label == "silver")
    }
    #expect(weakScore == nil)
    // The pipeline ended with the object: sending again reaches no one.
    texts.send("bronze")
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func propertyFedFromAnotherPropertyFollowsItAndIsReleased() {
    weak var weakMirrored: Mirrored?
    do {
      let mirrored = Mirrored()
      weakMirrored = mirrored
      #expect(mirrored.copy == 0)
      mirrored.source = 5
      #expect(mirrored.copy == 5)
    }
    #expect(weakMirrored == nil)
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func assignToPublishedLetsGoWhenUpstreamFinishes() {
    let score = Score(0)
    let upstream = TestPublisher<Int, Never>()
    upstream.assign(to: &score.$points)
    upstream.send(3)
    upstream.send(completion: .finished)
    upstream.send(4)
    #expect(score.points == 3)
    #expect(upstream.subscription.events == [.requested(.unlimited)])
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func assignToPublishedCancelsASecondSubscription() {
    let score = Score(0)
    let upstream = TestPublisher<Int, Never>()
    upstream.assign(to: &score.$points)
    let second = TestSubscription()
    upstream.sendSubscription(second)
    #expect(second.events == [.cancelled])
    upstream.send(5)
    #expect(score.points == 5)
  }

  @Test func publisherOutlivingTheObjectKeepsWorking() {
    var score: Score? = Score(1)
    let publisher = score!.$points
    score = nil
    let recorder = TestSubscriber<Int, Never>()
    publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1)])
  }
}

@MainActor
private final class MainActorModel: ObservableObject {
  @Published var title = "untitled"
}

extension PublishedTests {
  @Test func subscriptionIsNamedPublishedSubject() throws {
    let score = Score()
    let recorder = TestSubscriber<Int, Never>()
    score.$points.subscribe(recorder)
    let subscription = try #require(recorder.subscription)
    #expect(String(describing: subscription) == "PublishedSubject")
  }

  @MainActor
  @Test func worksInAMainActorClass() {
    let model = MainActorModel()
    var log: [String] = []
    let willChange = model.objectWillChange.sink { log.append("will change from \(model.title)") }
    let titles = model.$title.sink { log.append("title \($0)") }
    model.title = "draft"
    #expect(log == ["title untitled", "will change from untitled", "title draft"])
    willChange.cancel()
    titles.cancel()
  }
}
