// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
import Signals
@_spi(Signals) import SignalsSupport
import Testing

/// Main-actor state fed by `receive(on: .mainActor)`: ThreadSanitizer sees every write.
@MainActor private final class MainActorTally {
  var values: [Int] = []
  var callsOffTheMainActor = 0
  var finished: CheckedContinuation<Void, Never>?
  let expected: Int

  init(expected: Int) {
    self.expected = expected
  }

  func receive(_ value: Int) {
    if !MainActorContext.isCurrent { callsOffTheMainActor += 1 }
    values.append(value)
    if values.count == expected {
      finished?.resume()
      finished = nil
    }
  }
}

/// A main-actor view model fed from many threads at once, and from the main actor itself, while
/// ThreadSanitizer watches: every value arrives on the main actor, once, in each sender's order.
@Suite(timeLimit(minutes: 1))
struct MainActorDeliveryStressTests {
  static let senders = 4
  static let perSender = 2_000
  static let fromTheMainActor = 500

  @MainActor @Test func aMainActorSinkFedFromManyThreadsSeesEveryValueOnTheMainActorInOrder() async {
    let subject = PassthroughSubject<Int, Never>()
    let tally = MainActorTally(expected: Self.senders * Self.perSender + Self.fromTheMainActor)
    let cancellable = subject.receive(on: .mainActor).sink { tally.receive($0) }
    await withCheckedContinuation { continuation in
      tally.finished = continuation
      Thread {
        runConcurrently(Self.senders) { sender in
          for index in 0..<Self.perSender { subject.send(sender * Self.perSender + index) }
        }
      }.start()
      for index in 0..<Self.fromTheMainActor { subject.send(-1 - index) }
    }
    #expect(tally.callsOffTheMainActor == 0)
    #expect(tally.values.count == Self.senders * Self.perSender + Self.fromTheMainActor)
    for sender in 0..<Self.senders {
      let range = (sender * Self.perSender)..<((sender + 1) * Self.perSender)
      #expect(tally.values.filter { range.contains($0) } == Array(range))
    }
    #expect(tally.values.filter { $0 < 0 } == (0..<Self.fromTheMainActor).map { -1 - $0 })
    cancellable.cancel()
  }

  @MainActor @Test func anAsyncSinkOnTheMainActorFedFromManyThreadsKeepsEachSendersOrder() async {
    let subject = PassthroughSubject<Int, Never>()
    let tally = MainActorTally(expected: Self.senders * Self.perSender)
    var subscriptions = Set<AnyCancellable>()
    subject.asyncSink { tally.receive($0) }.store(in: &subscriptions)
    await withCheckedContinuation { continuation in
      tally.finished = continuation
      Thread {
        runConcurrently(Self.senders) { sender in
          for index in 0..<Self.perSender { subject.send(sender * Self.perSender + index) }
        }
      }.start()
    }
    #expect(tally.callsOffTheMainActor == 0)
    for sender in 0..<Self.senders {
      let range = (sender * Self.perSender)..<((sender + 1) * Self.perSender)
      #expect(tally.values.filter { range.contains($0) } == Array(range))
    }
    subscriptions.removeAll()
  }
}
