// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Foundation
import Signals
@_spi(Signals) import SignalsSupport
import Testing

/// The operators that call their subscriber from scheduler actions, on schedulers that run
/// actions in parallel (`DispatchQueue.global()`, a concurrent queue, an `OperationQueue` running
/// four operations at once), fed from several threads: the subscriber is never entered by two
/// threads at once (ThreadSanitizer checks the subscriber's unguarded field), each sender's
/// values arrive in its order and at most once, and the completion arrives once, last.
struct ConcurrentSchedulerStressTests {
  static let senders = 4
  static let perSender = 1_000

  /// A concurrent scheduler, named for the test's arguments.
  enum Kind: String, CaseIterable, CustomTestStringConvertible {
    case global, concurrentQueue, operationQueue

    var testDescription: String { rawValue }
  }

  /// Sends from `senders` threads through `operatorUnderTest` onto a `kind` scheduler, completes,
  /// waits for the completion and checks the contract. `deliversAll` for operators that drop
  /// nothing.
  private func run(
    _ name: String, on kind: Kind, deliversAll: Bool,
    _ operatorUnderTest:
      @escaping @Sendable (PassthroughSubject<Int, TestFailure>, AnyScheduler)
      -> AnyPublisher<Int, TestFailure>
  ) {
    withWatchdog("\(name) on \(kind)") {
      let subject = PassthroughSubject<Int, TestFailure>()
      let subscriber = InvariantSubscriber(sourceWidth: Self.perSender, dwells: true)
      let scheduler = AnyScheduler(kind)
      operatorUnderTest(subject, scheduler).subscribe(subscriber)
      runConcurrently(Self.senders) { sender in
        for index in 0..<Self.perSender { subject.send(sender * Self.perSender + index) }
      }
      subject.send(completion: .finished)
      subscriber.completed.wait()
      #expect(subscriber.violations.isEmpty, "\(subscriber.violations.prefix(5))")
      #expect(subscriber.completionCount == 1)
      if deliversAll {
        #expect(subscriber.receivedCount == Self.senders * Self.perSender)
      }
      withExtendedLifetime(scheduler) {}
    }
  }

  @Test(arguments: Kind.allCases) func receiveOn(_ kind: Kind) {
    run("receive(on:)", on: kind, deliversAll: true) { subject, scheduler in
      scheduler.receive(subject)
    }
  }

  @Test(arguments: Kind.allCases) func delay(_ kind: Kind) {
    run("delay", on: kind, deliversAll: true) { subject, scheduler in
      scheduler.delay(subject, by: .microseconds(50))
    }
  }

  @Test(arguments: Kind.allCases) func debounce(_ kind: Kind) {
    run("debounce", on: kind, deliversAll: false) { subject, scheduler in
      scheduler.debounce(subject, for: .microseconds(20))
    }
  }

  @Test(arguments: Kind.allCases, [false, true]) func throttle(_ kind: Kind, latest: Bool) {
    run("throttle", on: kind, deliversAll: false) { subject, scheduler in
      scheduler.throttle(subject, for: .microseconds(20), latest: latest)
    }
  }

  /// Full windows, timer windows and the completion are delivered from actions that may run at
  /// once; each window's values reach the subscriber inside that window's own call.
  @Test(arguments: Kind.allCases) func collectByTimeOrCount(_ kind: Kind) {
    run("collect(.byTimeOrCount)", on: kind, deliversAll: true) { subject, scheduler in
      scheduler.collect(subject, every: .microseconds(30), count: 7)
    }
  }

  @Test(arguments: Kind.allCases) func timeout(_ kind: Kind) {
    run("timeout", on: kind, deliversAll: true) { subject, scheduler in
      scheduler.timeout(subject, after: .seconds(60))
    }
  }
}

/// One of the three concurrent schedulers, with the operators under test written once for each
/// (the operators are generic over the scheduler type).
private enum AnyScheduler: Sendable {
  case dispatch(DispatchQueue)
  case operations(OperationQueue)

  init(_ kind: ConcurrentSchedulerStressTests.Kind) {
    switch kind {
    case .global:
      self = .dispatch(.global())
    case .concurrentQueue:
      self = .dispatch(DispatchQueue(label: "signals.stress.concurrent", attributes: .concurrent))
    case .operationQueue:
      let queue = OperationQueue()
      queue.maxConcurrentOperationCount = 4
      self = .operations(queue)
    }
  }

  typealias Source = PassthroughSubject<Int, TestFailure>

  func receive(_ source: Source) -> AnyPublisher<Int, TestFailure> {
    switch self {
    case .dispatch(let queue): source.receive(on: queue).eraseToAnyPublisher()
    case .operations(let queue): source.receive(on: queue).eraseToAnyPublisher()
    }
  }

  func delay(_ source: Source, by interval: DispatchTimeInterval) -> AnyPublisher<Int, TestFailure> {
    switch self {
    case .dispatch(let queue):
      source.delay(for: .init(interval), scheduler: queue).eraseToAnyPublisher()
    case .operations(let queue):
      source.delay(for: .init(interval.seconds), scheduler: queue).eraseToAnyPublisher()
    }
  }

  func debounce(_ source: Source, for interval: DispatchTimeInterval) -> AnyPublisher<Int, TestFailure> {
    switch self {
    case .dispatch(let queue):
      source.debounce(for: .init(interval), scheduler: queue).eraseToAnyPublisher()
    case .operations(let queue):
      source.debounce(for: .init(interval.seconds), scheduler: queue).eraseToAnyPublisher()
    }
  }

  func throttle(_ source: Source, for interval: DispatchTimeInterval, latest: Bool) -> AnyPublisher<Int, TestFailure> {
    switch self {
    case .dispatch(let queue):
      source.throttle(for: .init(interval), scheduler: queue, latest: latest).eraseToAnyPublisher()
    case .operations(let queue):
      source.throttle(for: .init(interval.seconds), scheduler: queue, latest: latest).eraseToAnyPublisher()
    }
  }

  func timeout(_ source: Source, after interval: DispatchTimeInterval) -> AnyPublisher<Int, TestFailure> {
    switch self {
    case .dispatch(let queue):
      source.timeout(.init(interval), scheduler: queue).eraseToAnyPublisher()
    case .operations(let queue):
      source.timeout(.init(interval.seconds), scheduler: queue).eraseToAnyPublisher()
    }
  }
}

extension AnyScheduler {
  func collect(_ source: Source, every interval: DispatchTimeInterval, count: Int) -> AnyPublisher<Int, TestFailure> {
    switch self {
    case .dispatch(let queue):
      Unpacked(windows: source.collect(.byTimeOrCount(queue, .init(interval), count)).eraseToAnyPublisher())
        .eraseToAnyPublisher()
    case .operations(let queue):
      Unpacked(windows: source.collect(.byTimeOrCount(queue, .init(interval.seconds), count)).eraseToAnyPublisher())
        .eraseToAnyPublisher()
    }
  }
}

/// Hands each element of each window to its subscriber inside the window's own call, so that two
/// windows delivered at once would enter the subscriber at once.
private struct Unpacked: Publisher {
  typealias Output = Int
  typealias Failure = TestFailure

  let windows: AnyPublisher<[Int], TestFailure>

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestFailure {
    windows.subscribe(Unpacker(downstream: subscriber))
  }

  private struct Unpacker<Downstream: Subscriber>: Subscriber
  where Downstream.Input == Int, Downstream.Failure == TestFailure {
    let combineIdentifier = CombineIdentifier()
    let downstream: Downstream

    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    func receive(_ window: [Int]) -> Subscribers.Demand {
      for value in window { _ = downstream.receive(value) }
      return .none
    }

    func receive(completion: Subscribers.Completion<TestFailure>) {
      downstream.receive(completion: completion)
    }
  }
}

extension DispatchTimeInterval {
  /// The interval in seconds, for `OperationQueue`'s stride.
  fileprivate var seconds: Double {
    switch self {
    case .seconds(let value): Double(value)
    case .milliseconds(let value): Double(value) / 1e3
    case .microseconds(let value): Double(value) / 1e6
    case .nanoseconds(let value): Double(value) / 1e9
    default: 0
    }
  }
}
