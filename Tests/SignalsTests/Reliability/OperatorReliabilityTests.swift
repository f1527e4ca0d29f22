// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Foundation
import Signals
import SignalsExt
import SignalsTesting
import Testing

/// Every operator keeps two promises of `Documentation/Guides/Reliability.md`: it lets go of its
/// subscriber and of every object it made once the subscription ends (``checkReleasesEverything``),
/// and it accepts `send`, `send(completion:)`, `request`, `cancel` and `subscribe` from inside its
/// subscriber's `receive(_:)` without deadlock, in Combine's order (``checkReentrancy``). A new
/// operator adds itself here once.
struct OperatorReliabilityTests {
  /// The case that found retain cycles: a subscriber that never lets go of its subscription. The
  /// operators that hand it the upstream's own subscription, as Combine's do, and `retry` and
  /// `throttle`, which let go of their subscriber at the end as Combine's do, must still be
  /// released when the subscription ends. (Combine's other operators keep a subscriber that keeps
  /// their subscription, and so do Signals', as the conformance suite's lifecycle tests check.)
  @Test func relayingOperatorsReleaseASubscriberThatKeepsItsSubscription() {
    func check<P: Publisher>(
      sourceLocation: SourceLocation = #_sourceLocation, _ make: (PassthroughSubject<Int, TestError>) -> P
    ) {
      checkReleasesEverything(subscriberKeepsSubscription: true, sourceLocation: sourceLocation, make)
    }
    check { $0.map { $0 * 2 } }
    check { $0.map { Optional($0) }.replaceNil(with: 0) }
    check { $0.filter { $0 > 1 } }
    check { $0.compactMap { $0 } }
    check { $0.scan(0, +) }
    check { $0.mapError { $0 } }
    check { $0.ignoreOutput() }
    check { $0.map(\.bitWidth) }
    check { $0.map(\.bitWidth, \.description) }
    check { $0.map(\.bitWidth, \.description, \.words) }
    check { $0.breakpoint() }
    // Not relays, but Combine lets go of the subscriber here too: these had the cycles.
    check { $0.retry(1) }
    check { $0.throttle(for: 1, scheduler: ImmediateScheduler.shared, latest: true) }
  }

  /// `setFailureType` and `assertNoFailure` relay too, on an upstream that cannot fail.
  @Test func relaysOnANeverFailingUpstreamReleaseASubscriberThatKeepsItsSubscription() {
    weak var released: LifetimeProbe<Int, TestError>?
    weak var releasedToo: LifetimeProbe<Int, Never>?
    let subject = PassthroughSubject<Int, Never>()
    do {
      let probe = LifetimeProbe<Int, TestError>(keepsSubscription: true)
      let other = LifetimeProbe<Int, Never>(keepsSubscription: true)
      subject.setFailureType(to: TestError.self).subscribe(probe)
      subject.assertNoFailure().subscribe(other)
      subject.send(1)
      subject.send(completion: .finished)
      released = probe
      releasedToo = other
    }
    #expect(released == nil)
    #expect(releasedToo == nil)
  }

  @Test func mappingOperatorsKeepTheirPromises() {
    checkReliability { $0.map { $0 * 2 } }
    checkReliability { $0.tryMap { $0 * 2 }.mapError { $0 as! TestError } }
    checkReliability { $0.map { $0 }.map { $0 + 1 } }
    checkReliability { $0.compactMap { $0 } }
    checkReliability { $0.tryCompactMap { $0 }.mapError { $0 as! TestError } }
    checkReliability { $0.map { Optional($0) }.replaceNil(with: 0) }
    checkReliability { $0.scan(0, +) }
    checkReliability { $0.tryScan(0, +).mapError { $0 as! TestError } }
    checkReliability { $0.mapError { $0 } }
    checkReliability { $0.eraseToAnyPublisher() }
  }

  @Test func filteringOperatorsKeepTheirPromises() {
    checkReliability { $0.filter { $0 > 1 } }
    checkReliability { $0.tryFilter { $0 > 1 }.mapError { $0 as! TestError } }
  }

  @Test func reducingOperatorsKeepTheirPromises() {
    checkReliability { $0.collect() }
    checkReliability { $0.count() }
    checkReliability { $0.reduce(0, +) }
    checkReliability { $0.tryReduce(0, +).mapError { $0 as! TestError } }
    checkReliability { $0.min() }
    checkReliability { $0.max(by: <) }
    checkReliability { $0.tryMin(by: <).mapError { $0 as! TestError } }
    checkReliability { $0.allSatisfy { $0 > 0 } }
    checkReliability { $0.tryAllSatisfy { $0 > 0 }.mapError { $0 as! TestError } }
    checkReliability { $0.contains(5) }
    checkReliability { $0.contains { $0 == 5 } }
    checkReliability { $0.tryContains { $0 == 5 }.mapError { $0 as! TestError } }
    checkReliability { $0.first() }
    checkReliability { $0.first { $0 == 2 } }
    checkReliability { $0.tryFirst { $0 == 2 }.mapError { $0 as! TestError } }
    checkReliability { $0.last() }
    checkReliability { $0.last { $0 == 1 } }
    checkReliability { $0.tryLast { $0 == 1 }.mapError { $0 as! TestError } }
  }

  @Test func combiningOperatorsKeepTheirPromises() {
    checkReliability { $0.merge(with: Empty()) }
    checkReliability { Publishers.MergeMany([$0.eraseToAnyPublisher(), nine()]) }
    checkReliability { $0.zip($0).map { $0.0 * 10 + $0.1 } }
    checkReliability { $0.zip($0, $0) { $0 + $1 + $2 } }
    checkReliability { $0.combineLatest($0).map { $0.0 * 10 + $0.1 } }
    checkReliability { $0.combineLatest($0, $0, $0).map { $0.0 + $0.1 + $0.2 + $0.3 } }
    checkReliability { $0.withLatestFrom($0) }
    checkReliability { [$0, $0].combineLatest() }
    checkReliability { [$0, $0].zip() }
    checkReliability { [$0.eraseToAnyPublisher(), nine()].merge() }
    // The subject merged with itself: two subscriptions to one upstream, both released. (Values
    // sent from inside a delivery reach the second subscription after the nested completion, so
    // only the lifetime check applies.)
    checkReleasesEverything { Publishers.MergeMany([$0, $0]) }
    checkReleasesEverything { [$0, $0].merge() }
  }

  @Test func flatteningAndRecoveringOperatorsKeepTheirPromises() {
    checkReliability { $0.flatMap { Record<Int, TestError>(output: [$0], completion: .finished) } }
    // Values sent from inside the first delivery reach the subject while the bounded flatMap
    // still has a live inner and no demand upstream, so the subject drops them, as Combine's
    // would; the nested-send history differs from the reference by design.
    checkReliability(checksNestedSends: false) {
      $0.flatMap(maxPublishers: .max(1)) { Record<Int, TestError>(output: [$0, $0], completion: .finished) }
    }
    checkReliability { $0.map { Record<Int, TestError>(output: [$0], completion: .finished) }.switchToLatest() }
    checkReliability { $0.append(7, 8) }
    // The first delivery comes from the prefix, before the subject is subscribed: values sent
    // from inside it are lost to nobody-listening, by design.
    checkReliability(checksNestedSends: false) { $0.prepend(7, 8) }
    checkReliability { $0.catch { _ in Just(9) } }
    checkReliability { $0.tryCatch { _ in Just(9) }.mapError { $0 as? TestError ?? TestError(id: -1) } }
    checkReliability { $0.retry(1) }
    checkReliability { $0.drop(untilOutputFrom: Just(()).setFailureType(to: TestError.self)) }
    checkReliability { $0.prefix(untilOutputFrom: PassthroughSubject<Void, Never>()) }
  }

  @Test func sequencingAndReplacingOperatorsKeepTheirPromises() {
    checkReliability { $0.removeDuplicates() }
    checkReliability { $0.tryRemoveDuplicates { $0 == $1 }.mapError { $0 as? TestError ?? TestError(id: -1) } }
    checkReliability { $0.replaceEmpty(with: 0) }
    checkReliability { $0.replaceError(with: 0) }
    checkReliability { $0.ignoreOutput() }
    checkReliability { $0.replaceError(with: 0).setFailureType(to: TestError.self) }
    checkReliability(endings: [.cancel, .finish]) { $0.assertNoFailure() }
    checkReliability { $0.map(\.self) }
    checkReliability { $0.collect(2) }
    checkReliability { $0.output(at: 1) }
    checkReliability { $0.output(in: 1..<3) }
    checkReliability { $0.prefix(2) }
    checkReliability { $0.dropFirst() }
    checkReliability { $0.drop { $0 < 2 } }
    checkReliability { $0.tryDrop { $0 < 2 }.mapError { $0 as? TestError ?? TestError(id: -1) } }
    checkReliability { $0.prefix { $0 < 3 } }
    checkReliability { $0.tryPrefix { $0 < 3 }.mapError { $0 as? TestError ?? TestError(id: -1) } }
  }

  @Test func debuggingCodingAndMaterializingOperatorsKeepTheirPromises() {
    checkReliability { $0.print("check", to: DiscardingStream()) }
    checkReliability { $0.handleEvents(receiveOutput: { _ in }, receiveCancel: {}) }
    checkReliability { $0.breakpoint(receiveOutput: { _ in false }) }
    checkReliability(endings: [.cancel, .finish]) { $0.breakpointOnError() }
    checkReliability {
      $0.encode(encoder: JSONEncoder()).decode(type: Int.self, decoder: JSONDecoder()).mapError {
        $0 as? TestError ?? TestError(id: -1)
      }
    }
    checkReliability { $0.materialize().dematerialize() }
  }

  @Test func multicastingAndBufferingOperatorsKeepTheirPromises() {
    checkReliability { $0.share() }
    checkReliability { $0.multicast { PassthroughSubject<Int, TestError>() }.autoconnect() }
    checkReliability { $0.share(replay: 2) }
    // Values sent from inside a delivery meet a full buffer (or a subject with no demand left),
    // which drops them by its strategy, as Combine's would: the nested-send history differs from
    // the reference by design.
    checkReliability(checksNestedSends: false) { $0.buffer(size: 2, prefetch: .keepFull, whenFull: .dropOldest) }
    checkReliability(checksNestedSends: false) { $0.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest) }
  }

  @Test func timeBasedOperatorsKeepTheirPromises() {
    let scheduler = DispatchQueue.test
    let settle = { scheduler.advance(by: .seconds(10)) }
    checkReliability(checksNestedSends: false, settle: settle) { $0.debounce(for: .seconds(1), scheduler: scheduler) }
    checkReliability(checksNestedSends: false, settle: settle) {
      $0.throttle(for: .seconds(1), scheduler: scheduler, latest: true)
    }
    checkReliability(checksNestedSends: false, settle: settle) { $0.delay(for: .seconds(1), scheduler: scheduler) }
    checkReliability(checksNestedSends: false, settle: settle) { $0.timeout(.seconds(60), scheduler: scheduler) }
    // A timeout that fires (the settle step outlasts it) releases everything too.
    checkReleasesEverything(settle: settle) { $0.timeout(.seconds(5), scheduler: scheduler) }
    checkReliability(checksNestedSends: false, settle: settle) { $0.measureInterval(using: scheduler).map { _ in 0 } }
    checkReliability(checksNestedSends: false, settle: settle) { $0.collect(.byTime(scheduler, .seconds(1))) }
    // As in Combine, demand returned for an array that ended a window is not asked of the upstream,
    // while a request is: the two histories differ by design.
    checkReliability(checksNestedSends: false, checksRequestsFromInside: false, settle: settle) {
      $0.collect(.byTimeOrCount(scheduler, .seconds(1), 2))
    }
    checkReliability(checksNestedSends: false, settle: settle) { $0.receive(on: scheduler) }
    checkReliability(checksNestedSends: false, settle: settle) { $0.subscribe(on: scheduler) }
    checkReliability { $0.receive(on: ImmediateScheduler.shared) }
  }
}

/// Runs both reliability checks on one pipeline.
private func checkReliability<P: Publisher>(
  endings: [LifetimeEnding] = LifetimeEnding.allCases,
  checksNestedSends: Bool = true,
  checksRequestsFromInside: Bool = true,
  settle: @escaping () -> Void = {},
  sourceLocation: SourceLocation = #_sourceLocation,
  _ makePipeline: (PassthroughSubject<Int, TestError>) -> P
) where P.Output: Equatable & Sendable, P.Failure: Equatable {
  checkReleasesEverything(endings: endings, settle: settle, sourceLocation: sourceLocation, makePipeline)
  checkReentrancy(
    checksNestedSends: checksNestedSends, checksRequestsFromInside: checksRequestsFromInside, settle: settle,
    sourceLocation: sourceLocation, makePipeline)
}

/// One value that can fail with `TestError`, to combine with the subject.
private func nine() -> AnyPublisher<Int, TestError> {
  Record<Int, TestError>(output: [9], completion: .finished).eraseToAnyPublisher()
}

/// A text stream that keeps nothing, so `print` checks stay quiet.
private struct DiscardingStream: TextOutputStream {
  mutating func write(_ string: String) {}
}
