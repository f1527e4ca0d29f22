// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import SignalsSupport

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

extension Future where Failure == Never, Output: Sendable {
  /// Creates a future that runs `operation` in a new task, at once, and publishes what it returns.
  ///
  /// Like every ``Future``, it starts when it is created, not when subscribed (wrap it in
  /// `Deferred` to wait for a subscriber), runs `operation` exactly once, and sends the one result
  /// to every subscriber, however early or late. Cancelling a subscription does not cancel
  /// `operation`: other subscribers may still want the result.
  ///
  /// ```swift
  /// let greeting = Future(priority: .userInitiated) { await fetchGreeting() }
  /// let cancellable = greeting.sink { print($0) }
  /// print(await greeting.value)
  /// // Prints: Hello
  /// //         Hello
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs `operation`; `nil` for the default.
  ///   - operation: The async work whose result the future publishes.
  public convenience init(
    priority: TaskPriority? = nil,
    @_inheritActorContext operation: @escaping @Sendable @isolated(any) () async -> Output
  ) {
    self.init { promise in
      let ticket = WorkTracker.begin()
      Task(priority: priority) {
        await WorkTicket.perform(ticket) { promise(.success(await operation())) }
      }
    }
  }

  /// The future's value, awaited.
  ///
  /// Returns at once if the future already has its value. Waiting subscribes to the future;
  /// cancelling the awaiting task does not stop the wait (the future always produces a value).
  ///
  /// ```swift
  /// let answer = Future<Int, Never> { promise in promise(.success(42)) }
  /// print(await answer.value)  // 42
  /// ```
  public var value: Output {
    get async {
      switch await FutureValueSubscriber.wait(for: self) {
      case .success(let value): value
      }
    }
  }
}

extension Future where Output: Sendable {
  /// Creates a future that runs a throwing `operation` in a new task, at once, and publishes its
  /// value or its error.
  ///
  /// The operation throws the future's own `Failure` (typed throws), so the future's failure type
  /// is exactly what the operation can throw. It starts when created, runs once and shares its
  /// result with every subscriber, as every ``Future`` does.
  ///
  /// ```swift
  /// struct NotFound: Error {}
  /// let user = Future<String, NotFound>(priority: .utility) { () async throws(NotFound) -> String in
  ///   throw NotFound()
  /// }
  /// do {
  ///   _ = try await user.value
  /// } catch {
  ///   print(error)  // NotFound()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs `operation`; `nil` for the default.
  ///   - operation: The async work whose value, or error, the future publishes.
  public convenience init(
    priority: TaskPriority? = nil,
    @_inheritActorContext operation: @escaping @Sendable @isolated(any) () async throws(Failure) -> Output
  ) {
    self.init { promise in
      let ticket = WorkTracker.begin()
      Task(priority: priority) {
        await WorkTicket.perform(ticket) {
          do throws(Failure) {
            promise(.success(try await operation()))
          } catch {
            promise(.failure(error))
          }
        }
      }
    }
  }

  /// The future's value, awaited; throws the future's failure.
  ///
  /// Returns (or throws) at once if the future already has its result. Cancelling the awaiting
  /// task does not stop the wait.
  ///
  /// ```swift
  /// let page = Future<String, URLError> { promise in promise(.failure(URLError(.badURL))) }
  /// do { _ = try await page.value } catch { print(error) }  // URLError(.badURL)
  /// ```
  public var value: Output {
    get async throws {
      try await FutureValueSubscriber.wait(for: self).get()
    }
  }
}

/// Subscribes to a future and resumes one continuation with its result.
private final class FutureValueSubscriber<Output: Sendable, Failure: Error>: Subscriber {
  typealias Input = Output
  typealias Continuation = UnsafeContinuation<Result<Output, Failure>, Never>

  /// Taken (under the lock) by whichever event resumes it.
  private let continuation: LockedState<Continuation?>

  private init(_ continuation: Continuation) {
    self.continuation = .make(continuation)
  }

  static func wait(for future: Future<Output, Failure>) async -> Result<Output, Failure> {
    await withUnsafeContinuation { continuation in
      future.subscribe(FutureValueSubscriber(continuation))
    }
  }

  func receive(subscription: any Subscription) {
    subscription.request(.max(1))
  }

  func receive(_ input: Output) -> Subscribers.Demand {
    resume(with: .success(input))
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished:
      let unresumed = continuation.withLock { $0 } != nil
      precondition(!unresumed, "Future finished without sending a value")
    case .failure(let error):
      resume(with: .failure(error))
    }
  }

  private func resume(with result: Result<Output, Failure>) {
    let taken = continuation.withLock { continuation -> Continuation? in
      defer { continuation = nil }
      return continuation
    }
    taken?.resume(returning: result)
  }
}

// Safety: the only mutable state is `continuation`, a `LockedState`.
extension FutureValueSubscriber: @unchecked Sendable {}
