// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport

/// A subscriber for Swift Testing that lets a test *await* what a publisher sends: the next
/// values, or the completion, each with a time limit.
///
/// Values are consumed in order: ``next(_:timeout:)`` returns the values after those already
/// returned, waiting (in real time, up to `timeout` seconds) until enough arrived. When they do not,
/// it throws a ``RecordingError`` that says what arrived instead, so a failing test reads
/// "expected 3 values, received 1 ([a]) and then the finish" rather than timing out silently.
/// With a ``TestScheduler`` use the `on:within:` variants, which move virtual time instead of
/// waiting.
///
/// ```swift
/// @Test func loadsThreePages() async throws {
///   let recorder = Recorder(model.pages)
///   model.load()
///   let pages = try await recorder.next(3)
///   #expect(pages.map(\.number) == [1, 2, 3])
///   #expect(try await recorder.completion == .finished)
/// }
/// ```
///
/// The recorder asks for unlimited values. It is safe to use from any thread.
public final class Recorder<Input, Failure: Error>: Subscriber, Cancellable {
  private struct Waiter {
    let isSatisfied: (State) -> Bool
    let continuation: CheckedContinuation<Void, Never>
  }

  private struct State {
    var values: [Input] = []
    var completion: Subscribers.Completion<Failure>?
    var subscription: (any Subscription)?
    /// How many values `next` has returned.
    var consumed = 0
    var nextWaiterID = 0
    var waiters: [Int: Waiter] = [:]

    /// Removes and returns the waiters whose condition now holds.
    mutating func takeSatisfiedWaiters() -> [Waiter] {
      let ready = waiters.filter { $0.value.isSatisfied(self) }
      for id in ready.keys { waiters[id] = nil }
      return Array(ready.values)
    }
  }

  private let state = LockedState.make(State())

  /// Creates a recorder; subscribe it yourself, or use ``init(_:)``.
  ///
  /// ```swift
  /// let recorder = Recorder<Int, Never>()
  /// subject.subscribe(recorder)
  /// ```
  public init() {}

  /// Creates a recorder subscribed to `publisher`.
  ///
  /// ```swift
  /// let recorder = Recorder([1, 2].publisher)
  /// print(try await recorder.next(2))  // [1, 2]
  /// ```
  ///
  /// - Parameter publisher: The publisher to record.
  public convenience init<P: Publisher>(_ publisher: P) where P.Output == Input, P.Failure == Failure {
    self.init()
    publisher.subscribe(self)
  }

  /// Every value received so far, consumed or not.
  public var values: [Input] {
    state.withLock { $0.values }
  }

  /// The completion, if it arrived; does not wait.
  public var receivedCompletion: Subscribers.Completion<Failure>? {
    state.withLock { $0.completion }
  }

  // MARK: Awaiting in real time

  /// The next `count` values after those already returned, waiting up to `timeout` seconds.
  ///
  /// ```swift
  /// let recorder = Recorder([1, 2, 3].publisher)
  /// print(try await recorder.next(2))  // [1, 2]
  /// print(try await recorder.next(1))  // [3]
  /// ```
  ///
  /// - Parameters:
  ///   - count: How many values to wait for.
  ///   - timeout: The longest wait, in seconds of real time.
  /// - Returns: The values.
  /// - Throws: ``RecordingError`` when the publisher completes first or the time runs out; its
  ///   message lists what arrived.
  public func next(_ count: Int, timeout: Double = 1) async throws(RecordingError) -> [Input] {
    let wanted = wantedValues(count)
    await wait(timeout: timeout) { $0.values.count >= wanted || $0.completion != nil }
    return try takeValues(count, waited: "\(Self.seconds(timeout))")
  }

  /// The next value after those already returned, waiting up to `timeout` seconds.
  ///
  /// ```swift
  /// let recorder = Recorder(Just("hello"))
  /// print(try await recorder.next())  // hello
  /// ```
  ///
  /// - Parameter timeout: The longest wait, in seconds of real time.
  /// - Returns: The value.
  /// - Throws: ``RecordingError`` when the publisher completes first or the time runs out.
  public func next(timeout: Double = 1) async throws(RecordingError) -> Input {
    try await next(1, timeout: timeout)[0]
  }

  /// The completion, waiting up to one second.
  ///
  /// ```swift
  /// let recorder = Recorder(Empty<Int, Never>())
  /// print(try await recorder.completion)  // finished
  /// ```
  ///
  /// - Throws: ``RecordingError`` when it does not arrive in time.
  public var completion: Subscribers.Completion<Failure> {
    get async throws(RecordingError) {
      try await completion(timeout: 1)
    }
  }

  /// The completion, waiting up to `timeout` seconds.
  ///
  /// ```swift
  /// let recorder = Recorder(Fail<Int, URLError>(error: URLError(.badURL)))
  /// print(try await recorder.completion(timeout: 5))  // failure(URLError(.badURL))
  /// ```
  ///
  /// - Parameter timeout: The longest wait, in seconds of real time.
  /// - Returns: The completion.
  /// - Throws: ``RecordingError`` when it does not arrive in time.
  public func completion(timeout: Double) async throws(RecordingError) -> Subscribers.Completion<Failure> {
    await wait(timeout: timeout) { $0.completion != nil }
    return try takeCompletion(waited: "\(Self.seconds(timeout))")
  }

  /// Waits for the finish; throws if the publisher fails instead or does not finish in time.
  ///
  /// ```swift
  /// try await Recorder(Just(1)).finished()
  /// ```
  ///
  /// - Parameter timeout: The longest wait, in seconds of real time.
  /// - Throws: ``RecordingError``.
  public func finished(timeout: Double = 1) async throws(RecordingError) {
    if case .failure(let error) = try await completion(timeout: timeout) {
      throw RecordingError("expected the publisher to finish, but it failed with \(error)")
    }
  }

  // MARK: Awaiting in virtual time

  /// The next `count` values, moving `scheduler`'s clock forward one instant at a time, for at
  /// most `limit` of virtual time, and settling the async work each instant starts (see
  /// ``TestScheduler/advanceAndSettle(by:)``).
  ///
  /// ```swift
  /// let scheduler = DispatchQueue.test
  /// let recorder = Recorder(ticker.debounce(for: .seconds(1), scheduler: scheduler))
  /// let values = try await recorder.next(2, on: scheduler, within: .seconds(10))
  /// ```
  ///
  /// - Parameters:
  ///   - count: How many values to wait for.
  ///   - scheduler: The scheduler whose clock to move.
  ///   - limit: The most virtual time to move it by.
  /// - Returns: The values.
  /// - Throws: ``RecordingError`` when the publisher completes first or the limit is reached.
  public func next<Time, Options>(
    _ count: Int,
    on scheduler: TestScheduler<Time, Options>,
    within limit: Time.Stride
  ) async throws(RecordingError) -> [Input] {
    let wanted = wantedValues(count)
    await advance(scheduler, within: limit) { $0.values.count >= wanted || $0.completion != nil }
    return try takeValues(count, waited: "the virtual time allowed")
  }

  /// The completion, moving `scheduler`'s clock forward for at most `limit` of virtual time and
  /// settling the async work it starts.
  ///
  /// ```swift
  /// let scheduler = DispatchQueue.test
  /// let recorder = Recorder(Just(1).delay(for: .seconds(2), scheduler: scheduler))
  /// print(try await recorder.completion(on: scheduler, within: .seconds(5)))  // finished
  /// ```
  ///
  /// - Parameters:
  ///   - scheduler: The scheduler whose clock to move.
  ///   - limit: The most virtual time to move it by.
  /// - Returns: The completion.
  /// - Throws: ``RecordingError`` when the limit is reached first.
  public func completion<Time, Options>(
    on scheduler: TestScheduler<Time, Options>,
    within limit: Time.Stride
  ) async throws(RecordingError) -> Subscribers.Completion<Failure> {
    await advance(scheduler, within: limit) { $0.completion != nil }
    return try takeCompletion(waited: "the virtual time allowed")
  }

  // MARK: Subscriber

  /// Keeps the subscription and asks for unlimited values.
  public func receive(subscription: any Subscription) {
    let isFirst = state.withLock { state -> Bool in
      guard state.subscription == nil else { return false }
      state.subscription = subscription
      return true
    }
    if isFirst {
      subscription.request(.unlimited)
    } else {
      subscription.cancel()
    }
  }

  /// Records the value and wakes a waiter it satisfies.
  public func receive(_ input: Input) -> Subscribers.Demand {
    let ready = state.withLock { state in
      state.values.append(input)
      return state.takeSatisfiedWaiters()
    }
    for waiter in ready { waiter.continuation.resume() }
    return .none
  }

  /// Records the completion and wakes every waiter.
  public func receive(completion: Subscribers.Completion<Failure>) {
    let ready = state.withLock { state in
      if state.completion == nil { state.completion = completion }
      return state.takeSatisfiedWaiters()
    }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// Cancels the subscription; what was recorded stays.
  public func cancel() {
    state.withLock { $0.subscription }?.cancel()
  }

  // MARK: Helpers

  private func wantedValues(_ count: Int) -> Int {
    precondition(count > 0, "Recorder.next: count must be greater than zero, not \(count)")
    return state.withLock { $0.consumed } + count
  }

  /// Returns once `isSatisfied` holds or `timeout` seconds passed.
  private func wait(timeout: Double, until isSatisfied: @escaping (State) -> Bool) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let id = state.withLock { state -> Int? in
        if isSatisfied(state) { return nil }
        state.nextWaiterID += 1
        state.waiters[state.nextWaiterID] = Waiter(isSatisfied: isSatisfied, continuation: continuation)
        return state.nextWaiterID
      }
      guard let id else { return continuation.resume() }
      // Weak: a pending timer must not keep the recorder, and with it the subscription, alive
      // (the waiting caller keeps it alive while it waits).
      Task { [weak self] in
        try? await Task.sleep(nanoseconds: UInt64(Swift.max(0, timeout) * 1_000_000_000))
        self?.state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume()
      }
    }
  }

  private func advance<Time, Options>(
    _ scheduler: TestScheduler<Time, Options>,
    within limit: Time.Stride,
    until isSatisfied: (State) -> Bool
  ) async {
    let deadline = scheduler.now.advanced(by: limit)
    await scheduler.advanceAndSettle()
    while !state.withLock({ isSatisfied($0) }) {
      guard let due = scheduler.nextDate, due <= deadline else {
        await scheduler.advanceAndSettle(to: deadline)
        return
      }
      await scheduler.advanceAndSettle(to: due)
    }
  }

  private func takeValues(_ count: Int, waited: String) throws(RecordingError) -> [Input] {
    let outcome = state.withLock { state -> Result<[Input], RecordingError> in
      let available = state.values[state.consumed...]
      guard available.count >= count else {
        return .failure(RecordingError(Self.shortfall(count, received: Array(available), state.completion, waited)))
      }
      let taken = Array(available.prefix(count))
      state.consumed += count
      return .success(taken)
    }
    return try outcome.get()
  }

  private func takeCompletion(waited: String) throws(RecordingError) -> Subscribers.Completion<Failure> {
    let (completion, pending) = state.withLock { ($0.completion, Array($0.values[$0.consumed...])) }
    guard let completion else {
      throw RecordingError(
        "expected the completion within \(waited), but it did not arrive; values not yet consumed: "
          + Self.list(pending))
    }
    return completion
  }

  private static func shortfall(
    _ count: Int,
    received: [Input],
    _ completion: Subscribers.Completion<Failure>?,
    _ waited: String
  ) -> String {
    let values = count == 1 ? "1 value" : "\(count) values"
    let then: String
    switch completion {
    case nil: then = "and nothing more within \(waited)"
    case .finished: then = "and then the finish"
    case .failure(let error): then = "and then the failure \(error)"
    }
    return "expected \(values), received \(received.count) \(list(received)) \(then)"
  }

  private static func list(_ values: [Input]) -> String {
    "[" + values.map { String(describing: $0) }.joined(separator: ", ") + "]"
  }

  private static func seconds(_ timeout: Double) -> String {
    timeout == timeout.rounded() ? "\(Int(timeout)) s" : "\(timeout) s"
  }
}

// Safety: all mutable state is in `state`, a `LockedState`; waiters are resumed after unlocking.
extension Recorder: @unchecked Sendable {}

/// Why a ``Recorder`` could not return what a test awaited; the message says what arrived
/// instead.
///
/// ```swift
/// do { _ = try await Recorder(Just(1)).next(2) } catch { print(error) }
/// // expected 2 values, received 1 [1] and then the finish
/// ```
public struct RecordingError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The explanation.
  public let message: String

  /// Creates the error.
  ///
  /// - Parameter message: The explanation.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
