// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Foundation
import Signals
@_spi(Signals) import SignalsSupport
import Testing

/// The operators whose mirror shows state that their value path changes, and which publish it
/// under a lock. (`scan` and `tryScan` do not: see Internals, "Operators".)
enum MirroredOperator: String, CaseIterable, Sendable {
  case collect, removeDuplicates, tryRemoveDuplicates

  /// The mirror's child that changes as values flow.
  var childLabel: String {
    switch self {
    case .collect: "count"
    case .removeDuplicates, .tryRemoveDuplicates: "last"
    }
  }

  /// What the child shows once `count` values of ``ReflectingSource/send(_:)`` arrived.
  func expectedValue(after count: Int) -> Int {
    switch self {
    case .collect: count
    case .removeDuplicates, .tryRemoveDuplicates: (count - 1) / 2
    }
  }
}

/// A subject that keeps the subscriber an operator attaches to it (the operator's inner), so the test can read that subscriber's mirror while values flow through it.
private final class ReflectingSource: Publisher, @unchecked Sendable {
  // Safety: `attached` is written once, when the operator subscribes, before the test starts its
  // threads, and only reflected afterwards; the subject is thread-safe. Whether reflecting the
  // attached subscriber races with its value path is what the test checks.
  typealias Output = Int
  typealias Failure = TestFailure

  private let subject = PassthroughSubject<Int, TestFailure>()
  private var attached: Any?

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestFailure {
    attached = subscriber
    subject.subscribe(subscriber)
  }

  /// Sends the `index`-th value for `mirrored`: pairs of equal values for `removeDuplicates`.
  func send(_ index: Int, for mirrored: MirroredOperator) {
    switch mirrored {
    case .collect: subject.send(index)
    case .removeDuplicates, .tryRemoveDuplicates: subject.send(index / 2)
    }
  }

  func finish() {
    subject.send(completion: .finished)
  }

  /// The attached subscriber's changing child, as a number (`-1` for `nil`).
  func reflectedValue(of mirrored: MirroredOperator) -> Int? {
    guard let attached else { return nil }
    let child = Mirror(reflecting: attached).children.first { $0.label == mirrored.childLabel }
    guard let child else { return nil }
    let text = "\(child.value)"
    return text == "nil" ? -1 : Int(text.filter(\.isNumber))
  }

  /// Attaches `mirrored` and a sink to this source.
  func attach(_ mirrored: MirroredOperator) -> AnyCancellable {
    switch mirrored {
    case .collect: collect().sink(receiveCompletion: { _ in }, receiveValue: { _ in })
    case .removeDuplicates: removeDuplicates().sink(receiveCompletion: { _ in }, receiveValue: { _ in })
    case .tryRemoveDuplicates:
      tryRemoveDuplicates(by: ==).sink(receiveCompletion: { _ in }, receiveValue: { _ in })
    }
  }
}

/// An operator's mirror, which any thread may ask for, read on one thread while values flow
/// through the operator on another: the mirror reads only what its value path publishes under a
/// lock, so ThreadSanitizer sees no race, and every reading is one the operator went through.
///
/// ThreadSanitizer sees a racing read of a plain field (an unlocked count, as `collect` had); it
/// does not see one of a generic value in a debug build, where the copy runs in the runtime's
/// uninstrumented value witnesses, so for those the readings' checks are the guard.
struct OperatorMirrorStressTests {
  static let values = 5_000

  @Test(arguments: MirroredOperator.allCases)
  func mirrorReadsRaceNotWithDelivery(of mirrored: MirroredOperator) {
    withWatchdog("\(mirrored) mirror read during delivery") {
      let source = ReflectingSource()
      let cancellable = source.attach(mirrored)
      let started = DispatchSemaphore(value: 0)
      let sent = LockedState.make(false)
      let finished = DispatchSemaphore(value: 0)
      // Its own thread, not a pool's: the reading below must run at the same time, on another one.
      let sender = Thread {
        started.signal()
        for index in 0..<Self.values { source.send(index, for: mirrored) }
        sent.withLock { $0 = true }
        finished.signal()
      }
      sender.start()
      started.wait()
      // Reads until the sender is done: only the last reading is ordered after its sends.
      var seen: [Int?] = []
      repeat {
        seen.append(source.reflectedValue(of: mirrored))
      } while !sent.withLock({ $0 })
      finished.wait()
      let readings = seen.compactMap { $0 }
      #expect(readings.count == seen.count, "every reading shows the child")
      #expect(readings == readings.sorted(), "readings never go back: each is a state the operator went through")
      #expect(readings.allSatisfy { $0 <= mirrored.expectedValue(after: Self.values) })
      #expect(source.reflectedValue(of: mirrored) == mirrored.expectedValue(after: Self.values))
      source.finish()
      withExtendedLifetime(cancellable) {}
    }
  }
}
