// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport

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
      let promise = SendablePromise(promise)
      let ticket = WorkTracker.begin()
      Task(priority: priority) {
        await WorkTicket.perform(ticket) { promise.fulfil(.success(await operation())) }
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
      let promise = SendablePromise(promise)
      let ticket = WorkTracker.begin()
      Task(priority: priority) {
        await WorkTicket.perform(ticket) {
          do throws(Failure) {
            promise.fulfil(.success(try await operation()))
          } catch {
            promise.fulfil(.failure(error))
          }
        }
      }
    }
  }

}

/// A future's promise, carried into the task that fulfils it.
///
/// Apple's Combine declares `Future.Promise` as a plain closure, not `@Sendable` (Signals' own is
/// `@Sendable`), though a promise may be called from any thread: `Future` guards its state with a
/// lock of its own, and calling the promise from another thread is how it is meant to be used.
private struct SendablePromise<Output, Failure: Error>: @unchecked Sendable {
  // Safety: `promise` is only called, and calling it from any thread is safe (see above); the
  // values it is called with are `Sendable`.
  private let promise: Future<Output, Failure>.Promise

  init(_ promise: @escaping Future<Output, Failure>.Promise) {
    self.promise = promise
  }

  func fulfil(_ result: Result<Output, Failure>) {
    promise(result)
  }
}
