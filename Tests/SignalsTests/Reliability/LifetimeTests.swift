// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Foundation
import Signals
import SignalsTesting
import Testing

/// Every operator lets go of its subscriber and of every object it made once the subscription
/// ends — by cancel, by finishing and by failing — while its upstream lives on.
struct LifetimeTests {
  @Test func mappingOperatorsReleaseEverything() {
    checkReleasesEverything { $0.map { $0 * 2 } }
    checkReleasesEverything { $0.tryMap { $0 * 2 } }
    checkReleasesEverything { $0.map { $0 }.map { $0 + 1 } }
    checkReleasesEverything { $0.compactMap { $0 } }
    checkReleasesEverything { $0.tryCompactMap { $0 } }
    checkReleasesEverything { $0.map { Optional($0) }.replaceNil(with: 0) }
    checkReleasesEverything { $0.scan(0, +) }
    checkReleasesEverything { $0.tryScan(0, +) }
    checkReleasesEverything { $0.mapError { $0 } }
    checkReleasesEverything { $0.eraseToAnyPublisher() }
  }

  @Test func filteringOperatorsReleaseEverything() {
    checkReleasesEverything { $0.filter { $0 > 1 } }
    checkReleasesEverything { $0.tryFilter { $0 > 1 } }
  }

  @Test func reducingOperatorsReleaseEverything() {
    checkReleasesEverything { $0.collect() }
    checkReleasesEverything { $0.count() }
    checkReleasesEverything { $0.reduce(0, +) }
    checkReleasesEverything { $0.tryReduce(0, +) }
    checkReleasesEverything { $0.min() }
    checkReleasesEverything { $0.max(by: <) }
    checkReleasesEverything { $0.tryMin(by: <) }
    checkReleasesEverything { $0.allSatisfy { $0 > 0 } }
    checkReleasesEverything { $0.tryAllSatisfy { $0 > 0 } }
    checkReleasesEverything { $0.contains(5) }
    checkReleasesEverything { $0.contains { $0 == 5 } }
    checkReleasesEverything { $0.tryContains { $0 == 5 } }
    checkReleasesEverything { $0.first() }
    checkReleasesEverything { $0.first { $0 == 2 } }
    checkReleasesEverything { $0.tryFirst { $0 == 2 } }
    checkReleasesEverything { $0.last() }
    checkReleasesEverything { $0.last { $0 == 1 } }
    checkReleasesEverything { $0.tryLast { $0 == 1 } }
  }

  @Test func combiningOperatorsReleaseEverything() {
    checkReleasesEverything { $0.merge(with: Empty()) }
    checkReleasesEverything { Publishers.MergeMany([$0, $0]) }
    checkReleasesEverything { $0.zip($0) }
    checkReleasesEverything { $0.zip($0, $0) { $0 + $1 + $2 } }
    checkReleasesEverything { $0.combineLatest($0) }
    checkReleasesEverything { $0.combineLatest($0, $0, $0) }
    checkReleasesEverything { $0.withLatestFrom($0) }
    checkReleasesEverything { [$0, $0].combineLatest() }
    checkReleasesEverything { [$0, $0].zip() }
    checkReleasesEverything { [$0, $0].merge() }
  }

  @Test func flatteningAndRecoveringOperatorsReleaseEverything() {
    checkReleasesEverything { $0.flatMap { Record<Int, TestError>(output: [$0], completion: .finished) } }
    checkReleasesEverything {
      $0.flatMap(maxPublishers: .max(1)) { Record<Int, TestError>(output: [$0, $0], completion: .finished) }
    }
    checkReleasesEverything { $0.map { Record<Int, TestError>(output: [$0], completion: .finished) }.switchToLatest() }
    checkReleasesEverything { $0.append(7, 8) }
    checkReleasesEverything { $0.prepend(7, 8) }
    checkReleasesEverything { $0.catch { _ in Just(9) } }
    checkReleasesEverything { $0.tryCatch { _ in Just(9) }.mapError { $0 as? TestError ?? TestError(id: -1) } }
    checkReleasesEverything { $0.retry(1) }
    checkReleasesEverything { $0.drop(untilOutputFrom: Just(()).setFailureType(to: TestError.self)) }
    checkReleasesEverything { $0.prefix(untilOutputFrom: PassthroughSubject<Void, Never>()) }
  }

  @Test func sequencingAndReplacingOperatorsReleaseEverything() {
    checkReleasesEverything { $0.removeDuplicates() }
    checkReleasesEverything { $0.tryRemoveDuplicates { $0 == $1 }.mapError { $0 as? TestError ?? TestError(id: -1) } }
    checkReleasesEverything { $0.replaceEmpty(with: 0) }
    checkReleasesEverything { $0.replaceError(with: 0) }
    checkReleasesEverything { $0.ignoreOutput() }
    checkReleasesEverything { $0.replaceError(with: 0).setFailureType(to: TestError.self) }
    checkReleasesEverything(endings: [.cancel, .finish]) { $0.assertNoFailure() }
    checkReleasesEverything { $0.map(\.self) }
    checkReleasesEverything { $0.collect(2) }
    checkReleasesEverything { $0.output(at: 1) }
    checkReleasesEverything { $0.output(in: 1..<3) }
    checkReleasesEverything { $0.prefix(2) }
    checkReleasesEverything { $0.dropFirst() }
    checkReleasesEverything { $0.drop { $0 < 2 } }
    checkReleasesEverything { $0.tryDrop { $0 < 2 }.mapError { $0 as? TestError ?? TestError(id: -1) } }
    checkReleasesEverything { $0.prefix { $0 < 3 } }
    checkReleasesEverything { $0.tryPrefix { $0 < 3 }.mapError { $0 as? TestError ?? TestError(id: -1) } }
  }

  @Test func debuggingCodingAndMaterializingOperatorsReleaseEverything() {
    checkReleasesEverything { $0.print("check", to: DiscardingStream()) }
    checkReleasesEverything { $0.handleEvents(receiveOutput: { _ in }, receiveCancel: {}) }
    checkReleasesEverything { $0.breakpoint(receiveOutput: { _ in false }) }
    checkReleasesEverything(endings: [.cancel, .finish]) { $0.breakpointOnError() }
    checkReleasesEverything {
      $0.encode(encoder: JSONEncoder()).decode(type: Int.self, decoder: JSONDecoder()).mapError {
        $0 as? TestError ?? TestError(id: -1)
      }
    }
    checkReleasesEverything { $0.materialize().dematerialize() }
  }

  @Test func multicastingAndBufferingOperatorsReleaseEverything() {
    checkReleasesEverything { $0.share() }
    checkReleasesEverything { $0.multicast { PassthroughSubject<Int, TestError>() }.autoconnect() }
    checkReleasesEverything { $0.share(replay: 2) }
    checkReleasesEverything { $0.buffer(size: 2, prefetch: .keepFull, whenFull: .dropOldest) }
    checkReleasesEverything { $0.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest) }
  }

  @Test func timeBasedOperatorsReleaseEverything() {
    let scheduler = DispatchQueue.test
    let settle = { scheduler.advance(by: .seconds(10)) }
    checkReleasesEverything(settle: settle) { $0.debounce(for: .seconds(1), scheduler: scheduler) }
    checkReleasesEverything(settle: settle) { $0.throttle(for: .seconds(1), scheduler: scheduler, latest: true) }
    checkReleasesEverything(settle: settle) { $0.delay(for: .seconds(1), scheduler: scheduler) }
    checkReleasesEverything(settle: settle) { $0.timeout(.seconds(5), scheduler: scheduler) }
    checkReleasesEverything(settle: settle) { $0.measureInterval(using: scheduler) }
    checkReleasesEverything(settle: settle) { $0.collect(.byTime(scheduler, .seconds(1))) }
    checkReleasesEverything(settle: settle) { $0.collect(.byTimeOrCount(scheduler, .seconds(1), 2)) }
    checkReleasesEverything(settle: settle) { $0.receive(on: scheduler) }
    checkReleasesEverything(settle: settle) { $0.subscribe(on: scheduler) }
    checkReleasesEverything { $0.receive(on: ImmediateScheduler.shared) }
  }

  @Test func subscribersReleaseTheirClosuresAndObjects() {
    final class Target { var value = 0 }
    for ending in LifetimeEnding.allCases {
      let failing = PassthroughSubject<Int, TestError>()
      let plain = PassthroughSubject<Int, Never>()
      weak var weakTarget: Target?
      var cancellables = Set<AnyCancellable>()
      do {
        let target = Target()
        weakTarget = target
        failing.sink(receiveCompletion: { _ in _ = target }, receiveValue: { target.value = $0 })
          .store(in: &cancellables)
        plain.assign(to: \.value, on: target).store(in: &cancellables)
      }
      failing.send(1)
      plain.send(1)
      switch ending {
      case .cancel:
        cancellables.removeAll()
      case .finish:
        failing.send(completion: .finished)
        plain.send(completion: .finished)
      case .fail:
        failing.send(completion: .failure(TestError()))
        plain.send(completion: .finished)
      }
      #expect(weakTarget == nil, "sink and assign let go of their closures and object after \(ending)")
      withExtendedLifetime(cancellables) {}
    }
  }
}

/// A text stream that keeps nothing, so `print` checks stay quiet.
private struct DiscardingStream: TextOutputStream {
  mutating func write(_ string: String) {}
}
