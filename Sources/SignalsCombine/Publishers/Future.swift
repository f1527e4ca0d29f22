// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// A publisher that eventually produces one value and finishes, or fails: the result of a piece of
/// work started when the future is created.
///
/// The closure you pass runs at once, inside the initializer, and receives a ``Promise``. Call the
/// promise once, from any thread, when the work is done. Every subscriber, including those that
/// subscribe after the result is known, receives that same result.
///
/// - Demand: a value is delivered once the subscriber has asked for at least one, immediately
///   followed by `.finished`. A failure is delivered as soon as it is known, whatever the demand.
/// - Promise: only the first call counts; later calls are ignored.
/// - Cancellation: a subscriber that cancels before the result is delivered receives nothing.
/// - Threading: the result is delivered on the thread that calls the promise, or on the thread
///   that subscribes or requests, whichever makes it deliverable. `Future` is `Sendable`.
///
/// ```swift
/// let download = Future<String, Never> { promise in
///   DispatchQueue.global().async { promise(.success("42 KB")) }
/// }
/// let first = download.sink { print("first:", $0) }
/// // ... later, once resolved:
/// let late = download.sink { print("late:", $0) }
/// // Prints: first: 42 KB
/// //         late: 42 KB
/// ```
public final class Future<Output, Failure: Error>: Publisher {
  /// The callback that resolves a future with a value or an error.
  ///
  /// It is `@Sendable` (a Signals addition to Combine's signature) so that it can be called from
  /// another thread or task under Swift 6's strict checking.
  ///
  /// ```swift
  /// func load(_ promise: @escaping Future<Int, Never>.Promise) { promise(.success(1)) }
  /// ```
  public typealias Promise = @Sendable (Result<Output, Failure>) -> Void

  private typealias Machine = FutureStateMachine<Output, Failure, Waiter>

  private let state: LockedState<Machine>

  /// Creates a future and runs `attemptToFulfill` at once with its promise.
  ///
  /// ```swift
  /// let roll = Future<Int, Never> { promise in promise(.success(Int.random(in: 1...6))) }
  /// ```
  ///
  /// - Parameter attemptToFulfill: Starts the work; calls the promise once with the result, now
  ///   or later, on any thread.
  public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
    state = .make(Machine())
    attemptToFulfill { [self] result in resolve(result) }
  }

  /// Attaches `subscriber`; it receives the result when it is known and, for a value, requested.
  ///
  /// - Parameter subscriber: The subscriber to attach.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    let subscription = Conduit(downstream: subscriber, future: self)
    if let result = state.withLock({ $0.subscribe(subscription) }) {
      // Not deliverable yet: the subscriber does not hold its subscription.
      subscription.resolve(result)
    }
    subscriber.receive(subscription: subscription)
    subscription.subscriptionDelivered()
  }

  private func resolve(_ result: Result<Output, Failure>) {
    guard case .notify(let waiters) = state.withLock({ $0.resolve(result) }) else { return }
    for waiter in waiters {
      waiter.resolve(result)
    }
  }

  fileprivate func remove(_ waiter: Waiter) {
    state.withLock { $0.remove(waiter) }
  }
}

extension Future {
  /// A subscription, or a task awaiting the result, as the future's waiting list sees it.
  fileprivate class Waiter: FutureWaiter {
    /// Index in the future's waiting list, or -1. Guarded by the future's lock.
    final var slot = -1

    /// The future resolved with `result`.
    func resolve(_ result: Result<Output, Failure>) {
      preconditionFailure("abstract")
    }
  }

  /// One subscriber's subscription: its own lock guards a ``FutureSubscriptionStateMachine``. The
  /// future's lock and this one are never held together. It keeps the contract (the result only
  /// once requested, nothing after a cancel), so an operator behind it takes no lock of its own for
  /// the value (``ContractKeepingSubscription``).
  // Safety: the mutable state is `machine`, a `LockedState`, and `slot`, guarded by the future's lock.
  private final class Conduit<Downstream: Subscriber>: Waiter, Subscription, ContractKeepingSubscription,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    private typealias Machine = FutureSubscriptionStateMachine<Output, Failure, Downstream>

    private let machine: LockedState<Machine>
    private let future: Future<Output, Failure>

    init(downstream: Downstream, future: Future<Output, Failure>) {
      machine = .make(Machine(downstream: downstream))
      self.future = future
    }

    var description: String { "Future" }

    /// What Combine shows: the future (as `parent` and `subject`), the subscriber and whether it
    /// has asked for the value while the subscription is active; `nil`s and `false` afterwards,
    /// except that Combine keeps showing the future after a delivery made by a request.
    var customMirror: Mirror {
      let (active, keepsFuture) = machine.withLock { ($0.activeDownstream, $0.deliveredOnRequest) }
      let parent: Future<Output, Failure>? = active == nil && !keepsFuture ? nil : future
      let children: [Mirror.Child] = [
        ("parent", parent as Any),
        ("downstream", active?.downstream as Any),
        ("hasAnyDemand", active?.hasDemand ?? false),
        ("subject", parent as Any),
      ]
      return Mirror(self, children: children)
    }

    var playgroundDescription: Any { description }

    override func resolve(_ result: Result<Output, Failure>) {
      perform(machine.withLock { $0.resolve(result) })
    }

    func subscriptionDelivered() {
      perform(machine.withLock { $0.subscriptionDelivered() })
    }

    func request(_ demand: Subscribers.Demand) {
      precondition(demand > 0, "Subscription.request(\(demand)): demand must be greater than zero")
      perform(machine.withLock { $0.request() })
    }

    func cancel() {
      let released = machine.withLock { $0.cancel() }
      guard released != nil else { return }
      future.remove(self)
      // The subscriber is released here, after unlocking.
      withExtendedLifetime(released) {}
    }

    private func perform(_ action: Machine.Action) {
      guard case .deliver(let downstream, let result) = action else { return }
      switch result {
      case .success(let value):
        _ = downstream.receive(value)
        downstream.receive(completion: .finished)
      case .failure(let error):
        downstream.receive(completion: .failure(error))
      }
      machine.withLock { $0.delivered() }
    }
  }
}

extension Future where Output: Sendable {
  /// The result, awaited: at once if the future has it, else when the promise is called (what
  /// `value` returns or throws). A waiter in the future's list resumes the continuation, with no
  /// subscriber and no subscription: nothing can cancel the wait, and a future sends its result
  /// to a subscriber that asked for one value exactly as it resolved, so the answer is the same.
  func awaitResult() async -> Result<Output, Failure> {
    await withUnsafeContinuation { continuation in
      let waiter = ResultWaiter(continuation)
      // Resumed after unlocking: a future resolved already answers at once.
      if let result = state.withLock({ $0.subscribe(waiter) }) {
        continuation.resume(returning: result)
      }
    }
  }

  /// A task awaiting the result (`awaitResult()`): resumed once, by the future's `resolve(_:)`,
  /// after unlocking.
  // Safety: the continuation is immutable and resumed once (a waiter is notified once); `slot` is
  // guarded by the future's lock.
  private final class ResultWaiter: Waiter, @unchecked Sendable {
    private let continuation: UnsafeContinuation<Result<Output, Failure>, Never>

    init(_ continuation: UnsafeContinuation<Result<Output, Failure>, Never>) {
      self.continuation = continuation
    }

    override func resolve(_ result: Result<Output, Failure>) {
      continuation.resume(returning: result)
    }
  }
}

// Safety: the future's mutable state is `state`, a `LockedState`; each waiter's `slot` is only
// touched under that lock, and each conduit's own state is its `machine`, another `LockedState`.
extension Future: @unchecked Sendable {}
#endif
