// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Foundation
import Signals
import SignalsTesting
import Testing

/// Every operator accepts `send`, `send(completion:)`, `request`, `cancel` and `subscribe` from
/// inside its subscriber's `receive(_:)` without deadlock, in Combine's order.
struct ReentrancyTests {
  @Test func mappingOperatorsAreReentrant() {
    checkReentrancy { $0.map { $0 * 2 } }
    checkReentrancy { $0.tryMap { $0 * 2 }.mapError { $0 as! TestError } }
    checkReentrancy { $0.map { $0 }.map { $0 + 1 } }
    checkReentrancy { $0.compactMap { $0 } }
    checkReentrancy { $0.tryCompactMap { $0 }.mapError { $0 as! TestError } }
    checkReentrancy { $0.map { Optional($0) }.replaceNil(with: 0) }
    checkReentrancy { $0.scan(0, +) }
    checkReentrancy { $0.tryScan(0, +).mapError { $0 as! TestError } }
    checkReentrancy { $0.mapError { $0 } }
    checkReentrancy { $0.eraseToAnyPublisher() }
  }

  @Test func filteringOperatorsAreReentrant() {
    checkReentrancy { $0.filter { $0 > 1 } }
    checkReentrancy { $0.tryFilter { $0 > 1 }.mapError { $0 as! TestError } }
  }

  @Test func reducingOperatorsAreReentrant() {
    checkReentrancy { $0.collect() }
    checkReentrancy { $0.count() }
    checkReentrancy { $0.reduce(0, +) }
    checkReentrancy { $0.tryReduce(0, +).mapError { $0 as! TestError } }
    checkReentrancy { $0.min() }
    checkReentrancy { $0.max(by: <) }
    checkReentrancy { $0.tryMin(by: <).mapError { $0 as! TestError } }
    checkReentrancy { $0.allSatisfy { $0 > 0 } }
    checkReentrancy { $0.tryAllSatisfy { $0 > 0 }.mapError { $0 as! TestError } }
    checkReentrancy { $0.contains(5) }
    checkReentrancy { $0.contains { $0 == 5 } }
    checkReentrancy { $0.tryContains { $0 == 5 }.mapError { $0 as! TestError } }
    checkReentrancy { $0.first() }
    checkReentrancy { $0.first { $0 == 2 } }
    checkReentrancy { $0.tryFirst { $0 == 2 }.mapError { $0 as! TestError } }
    checkReentrancy { $0.last() }
    checkReentrancy { $0.last { $0 == 1 } }
    checkReentrancy { $0.tryLast { $0 == 1 }.mapError { $0 as! TestError } }
  }

  @Test func combiningOperatorsAreReentrant() {
    checkReentrancy { $0.merge(with: Empty()) }
    checkReentrancy { Publishers.MergeMany([$0.eraseToAnyPublisher(), nine()]) }
    checkReentrancy { $0.zip($0).map { $0.0 * 10 + $0.1 } }
    checkReentrancy { $0.zip($0, $0) { $0 + $1 + $2 } }
    checkReentrancy { $0.combineLatest($0).map { $0.0 * 10 + $0.1 } }
    checkReentrancy { $0.combineLatest($0, $0, $0).map { $0.0 + $0.1 + $0.2 + $0.3 } }
    checkReentrancy { $0.withLatestFrom($0) }
    checkReentrancy { [$0, $0].combineLatest() }
    checkReentrancy { [$0, $0].zip() }
    checkReentrancy { [$0.eraseToAnyPublisher(), nine()].merge() }
  }

  @Test func flatteningAndRecoveringOperatorsAreReentrant() {
    checkReentrancy { $0.flatMap { Record<Int, TestError>(output: [$0], completion: .finished) } }
    // Values sent from inside the first delivery reach the subject while the bounded flatMap
    // still has a live inner and no demand upstream, so the subject drops them, as Combine's
    // would; the nested-send history differs from the reference by design.
    checkReentrancy(checksNestedSends: false) {
      $0.flatMap(maxPublishers: .max(1)) { Record<Int, TestError>(output: [$0, $0], completion: .finished) }
    }
    checkReentrancy { $0.map { Record<Int, TestError>(output: [$0], completion: .finished) }.switchToLatest() }
    checkReentrancy { $0.append(7, 8) }
    // The first delivery comes from the prefix, before the subject is subscribed: values sent
    // from inside it are lost to nobody-listening, by design.
    checkReentrancy(checksNestedSends: false) { $0.prepend(7, 8) }
    checkReentrancy { $0.catch { _ in Just(9) } }
    checkReentrancy { $0.tryCatch { _ in Just(9) }.mapError { $0 as? TestError ?? TestError(id: -1) } }
    checkReentrancy { $0.retry(1) }
    checkReentrancy { $0.drop(untilOutputFrom: Just(()).setFailureType(to: TestError.self)) }
    checkReentrancy { $0.prefix(untilOutputFrom: PassthroughSubject<Void, Never>()) }
  }

  @Test func sequencingAndReplacingOperatorsAreReentrant() {
    checkReentrancy { $0.removeDuplicates() }
    checkReentrancy { $0.tryRemoveDuplicates { $0 == $1 }.mapError { $0 as? TestError ?? TestError(id: -1) } }
    checkReentrancy { $0.replaceEmpty(with: 0) }
    checkReentrancy { $0.replaceError(with: 0) }
    checkReentrancy { $0.ignoreOutput() }
    checkReentrancy { $0.replaceError(with: 0).setFailureType(to: TestError.self) }
    checkReentrancy { $0.assertNoFailure() }
    checkReentrancy { $0.map(\.self) }
    checkReentrancy { $0.collect(2) }
    checkReentrancy { $0.output(at: 1) }
    checkReentrancy { $0.output(in: 1..<3) }
    checkReentrancy { $0.prefix(2) }
    checkReentrancy { $0.dropFirst() }
    checkReentrancy { $0.drop { $0 < 2 } }
    checkReentrancy { $0.tryDrop { $0 < 2 }.mapError { $0 as? TestError ?? TestError(id: -1) } }
    checkReentrancy { $0.prefix { $0 < 3 } }
    checkReentrancy { $0.tryPrefix { $0 < 3 }.mapError { $0 as? TestError ?? TestError(id: -1) } }
  }

  @Test func debuggingCodingAndMaterializingOperatorsAreReentrant() {
    checkReentrancy { $0.print("check", to: DiscardingStream()) }
    checkReentrancy { $0.handleEvents(receiveOutput: { _ in }, receiveCancel: {}) }
    checkReentrancy { $0.breakpoint(receiveOutput: { _ in false }) }
    checkReentrancy { $0.breakpointOnError() }
    checkReentrancy {
      $0.encode(encoder: JSONEncoder()).decode(type: Int.self, decoder: JSONDecoder()).mapError {
        $0 as? TestError ?? TestError(id: -1)
      }
    }
    checkReentrancy { $0.materialize().dematerialize() }
  }

  @Test func multicastingAndBufferingOperatorsAreReentrant() {
    checkReentrancy { $0.share() }
    checkReentrancy { $0.multicast { PassthroughSubject<Int, TestError>() }.autoconnect() }
    checkReentrancy { $0.share(replay: 2) }
    // Values sent from inside a delivery meet a full buffer (or a subject with no demand left),
    // which drops them by its strategy, as Combine's would: the nested-send history differs from
    // the reference by design.
    checkReentrancy(checksNestedSends: false) { $0.buffer(size: 2, prefetch: .keepFull, whenFull: .dropOldest) }
    checkReentrancy(checksNestedSends: false) { $0.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest) }
  }

  @Test func timeBasedOperatorsAreReentrant() {
    let scheduler = DispatchQueue.test
    let settle = { scheduler.advance(by: .seconds(10)) }
    checkReentrancy(checksNestedSends: false, settle: settle) { $0.debounce(for: .seconds(1), scheduler: scheduler) }
    checkReentrancy(checksNestedSends: false, settle: settle) {
      $0.throttle(for: .seconds(1), scheduler: scheduler, latest: true)
    }
    checkReentrancy(checksNestedSends: false, settle: settle) { $0.delay(for: .seconds(1), scheduler: scheduler) }
    checkReentrancy(checksNestedSends: false, settle: settle) { $0.timeout(.seconds(60), scheduler: scheduler) }
    checkReentrancy(checksNestedSends: false, settle: settle) { $0.measureInterval(using: scheduler).map { _ in 0 } }
    checkReentrancy(checksNestedSends: false, settle: settle) { $0.collect(.byTime(scheduler, .seconds(1))) }
    checkReentrancy(checksNestedSends: false, settle: settle) { $0.collect(.byTimeOrCount(scheduler, .seconds(1), 2)) }
    checkReentrancy(checksNestedSends: false, settle: settle) { $0.receive(on: scheduler) }
    checkReentrancy(checksNestedSends: false, settle: settle) { $0.subscribe(on: scheduler) }
    checkReentrancy { $0.receive(on: ImmediateScheduler.shared) }
  }

  @Test func subjectsAreReentrant() {
    checkReentrancy { $0 }
    checkReentrancy { subject in
      let current = CurrentValueSubject<Int, TestError>(0)
      return subject.subscribeAndReturn(current)
    }
  }
}

extension Publisher where Failure == TestError, Output == Int {
  /// Feeds this publisher into `subject` and returns the subject, keeping the link alive with it.
  fileprivate func subscribeAndReturn(_ subject: CurrentValueSubject<Int, TestError>) -> CurrentValueSubject<
    Int, TestError
  > {
    let link = subscribe(subject)
    Self.links.withLock { $0.append(link) }
    return subject
  }

  private static var links: LockedState<[AnyCancellable]> { reentrancyLinks }
}

private let reentrancyLinks = LockedState<[AnyCancellable]>.make([])

/// One value that can fail with `TestError`, to combine with the subject.
private func nine() -> AnyPublisher<Int, TestError> {
  Record<Int, TestError>(output: [9], completion: .finished).eraseToAnyPublisher()
}

/// A text stream that keeps nothing, so `print` checks stay quiet.
private struct DiscardingStream: TextOutputStream {
  mutating func write(_ string: String) {}
}
