// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsTesting
import Testing

/// A `Subscribers.Sink` whose subscription is a subject's conduit (a `sink` after `map`, `filter`
/// and the other relays on a subject, or a `Sink` subscribed to a subject by hand): its values skip
/// the sink's lock, and its closures are released by the subject's delivery token. Everything a
/// user sees stays as with any other upstream.
struct SubscribersSinkOnSubjectTests {
  /// An object whose deinit is observable.
  final class Owner {}

  @Test(arguments: [false, true])
  func valuesAndTheCompletionArriveThroughRelays(currentValue: Bool) {
    var log: [String] = []
    let send: (Int) -> Void
    let finish: () -> Void
    let cancellable: AnyCancellable
    if currentValue {
      let subject = CurrentValueSubject<Int, TestError>(0)
      cancellable = subject.map { $0 * 10 }.filter { $0 != 20 }.sink(
        receiveCompletion: { log.append("completion \($0)") }, receiveValue: { log.append("value \($0)") })
      send = { subject.send($0) }
      finish = { subject.send(completion: .finished) }
    } else {
      let subject = PassthroughSubject<Int, TestError>()
      cancellable = subject.map { $0 * 10 }.filter { $0 != 20 }.sink(
        receiveCompletion: { log.append("completion \($0)") }, receiveValue: { log.append("value \($0)") })
      send = { subject.send($0) }
      finish = { subject.send(completion: .finished) }
    }
    send(1)
    send(2)
    send(3)
    finish()
    send(4)
    let replayed = currentValue ? ["value 0"] : []
    #expect(log == replayed + ["value 10", "value 30", "completion finished"])
    withExtendedLifetime(cancellable) {}
  }

  @Test func cancelStopsValuesAndReleasesTheClosuresAtOnce() {
    weak var weakOwner: Owner?
    let subject = PassthroughSubject<Int, Never>()
    var values: [Int] = []
    var cancellable: AnyCancellable?
    do {
      let owner = Owner()
      weakOwner = owner
      cancellable = subject.map { $0 + 1 }.sink { value in withExtendedLifetime(owner) { values.append(value) } }
    }
    subject.send(1)
    #expect(weakOwner != nil)
    cancellable?.cancel()
    #expect(weakOwner == nil, "cancel releases the closures before it returns")
    subject.send(2)
    #expect(values == [2])
  }

  @Test func completionReleasesTheClosuresEvenWithTheCancellableKept() {
    weak var weakOwner: Owner?
    let subject = PassthroughSubject<Int, Never>()
    var cancellable: AnyCancellable?
    do {
      let owner = Owner()
      weakOwner = owner
      cancellable = subject.filter { _ in true }.sink { _ in withExtendedLifetime(owner) {} }
    }
    subject.send(completion: .finished)
    #expect(weakOwner == nil)
    withExtendedLifetime(cancellable) {}
  }

  @Test func aCancelFromInsideTheClosureStopsLaterValuesAndReleasesAfterTheCallReturns() {
    weak var weakOwner: Owner?
    let subject = PassthroughSubject<Int, Never>()
    var values: [Int] = []
    let held = Box<AnyCancellable?>(nil)
    var ownerAliveDuringCall = false
    do {
      let owner = Owner()
      weakOwner = owner
      held.value = subject.map { $0 }.sink { value in
        withExtendedLifetime(owner) {
          values.append(value)
          held.value?.cancel()
          subject.send(value + 100)  // nested: the sink is cancelled, nothing more arrives
          ownerAliveDuringCall = weakOwner != nil
        }
      }
    }
    subject.send(1)
    subject.send(2)
    #expect(values == [1])
    #expect(ownerAliveDuringCall, "the running closure is not released under itself")
    #expect(weakOwner == nil, "released once the call returned")
  }

  @Test func aCompletionSentFromInsideTheClosureArrivesNestedAndReleasesAfterwards() {
    weak var weakOwner: Owner?
    let subject = PassthroughSubject<Int, Never>()
    var log: [String] = []
    var cancellable: AnyCancellable?
    do {
      let owner = Owner()
      weakOwner = owner
      cancellable = subject.map { $0 }.sink(
        receiveCompletion: { _ in log.append("completion") },
        receiveValue: { value in
          withExtendedLifetime(owner) {
            log.append("value \(value)")
            subject.send(completion: .finished)
            log.append("after the completion, owner alive: \(weakOwner != nil)")
          }
        })
    }
    subject.send(1)
    #expect(log == ["value 1", "completion", "after the completion, owner alive: true"])
    #expect(weakOwner == nil)
    withExtendedLifetime(cancellable) {}
  }

  @Test func aSinkSubscribedByHandKeepsItsPublicClosuresUntilItEnds() {
    let subject = PassthroughSubject<Int, Never>()
    var values: [Int] = []
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
    subject.subscribe(sink)
    subject.send(1)
    sink.receiveValue(5)
    sink.cancel()
    sink.receiveValue(6)  // a no-op once cancelled, as in Combine
    subject.send(2)
    #expect(values == [1, 5])
  }

  final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
  }
}
