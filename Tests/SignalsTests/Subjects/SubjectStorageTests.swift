// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsTesting
import Testing

/// The send path shared by both subjects: subscribers with unlimited demand are served in batches
/// of 64 whose tokens are taken before any of them is called, so these tests pin down that what an
/// earlier subscriber does from inside `receive` still reaches the later ones in Combine's order.
struct SubjectStorageTests {
  @Test func completionSentFromInsideReceiveStopsTheValueForLaterSubscribers() {
    let subject = PassthroughSubject<Int, Never>()
    var log: [String] = []
    let first = subject.sink(
      receiveCompletion: { _ in log.append("first finished") },
      receiveValue: { value in
        log.append("first \(value)")
        subject.send(completion: .finished)
      })
    let second = subject.sink(
      receiveCompletion: { _ in log.append("second finished") },
      receiveValue: { log.append("second \($0)") })
    subject.send(1)
    #expect(log == ["first 1", "first finished", "second finished"])
    withExtendedLifetime((first, second)) {}
  }

  @Test func everyOneOfManySubscribersGetsEveryValueOnceInOrder() {
    let subject = PassthroughSubject<Int, Never>()
    let recorders = (0..<150).map { _ in TestSubscriber<Int, Never>() }
    for recorder in recorders { subject.subscribe(recorder) }
    for value in 1...3 { subject.send(value) }
    subject.send(completion: .finished)
    for recorder in recorders {
      #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
    }
  }

  @Test func cancellingALaterSubscriberInAnotherBatchFromInsideReceiveStopsItsDelivery() {
    let subject = PassthroughSubject<Int, Never>()
    let recorders = (0..<100).map { _ in TestSubscriber<Int, Never>() }
    var cancellables = Set<AnyCancellable>()
    // Subscriber 10 (first batch) cancels subscribers 20 (same batch) and 80 (second batch) when it
    // receives 2.
    for (index, recorder) in recorders.enumerated() {
      if index == 10 {
        let canceller = subject.sink { value in
          if value == 2 {
            recorders[20].cancel()
            recorders[80].cancel()
          }
        }
        cancellables.insert(canceller)
      }
      subject.subscribe(recorder)
    }
    subject.send(1)
    subject.send(2)
    subject.send(3)
    #expect(recorders[20].values == [1])
    #expect(recorders[80].values == [1])
    #expect(recorders[79].values == [1, 2, 3])
    #expect(recorders[99].values == [1, 2, 3])
    withExtendedLifetime(cancellables) {}
  }

  @Test func limitedAndUnlimitedSubscribersKeepTheirOrderAndTheirDemand() {
    let subject = PassthroughSubject<Int, Never>()
    var log: [String] = []
    let first = subject.sink { log.append("first \($0)") }
    subject.subscribe(OneValueLogger { log.append("limited \($0)") })
    let last = subject.sink { log.append("last \($0)") }
    subject.send(1)
    subject.send(2)
    #expect(log == ["first 1", "limited 1", "last 1", "first 2", "last 2"])
    withExtendedLifetime((first, last)) {}
  }

  @Test func nestedSendReachesAReservedSubscriberBeforeTheOuterValue() {
    let subject = PassthroughSubject<Int, Never>()
    var log: [String] = []
    let first = subject.sink { value in
      log.append("first \(value)")
      if value == 1 { subject.send(2) }
    }
    subject.subscribe(OneValueLogger { log.append("limited \($0)") })
    let last = subject.sink { log.append("last \($0)") }
    subject.send(1)
    // Combine's depth-first order: the nested send reaches everyone first; the limited subscriber's
    // one unit of demand goes to the value that reaches it first.
    #expect(log == ["first 1", "first 2", "limited 2", "last 2", "last 1"])
    withExtendedLifetime((first, last)) {}
  }

}

/// A subscriber that asks for one value and logs it, from a closure that need not be `Sendable`.
private final class OneValueLogger: Subscriber {
  private let log: (Int) -> Void

  init(_ log: @escaping (Int) -> Void) {
    self.log = log
  }

  func receive(subscription: any Subscription) { subscription.request(.max(1)) }
  func receive(_ input: Int) -> Subscribers.Demand {
    log(input)
    return .none
  }
  func receive(completion: Subscribers.Completion<Never>) {}
}
