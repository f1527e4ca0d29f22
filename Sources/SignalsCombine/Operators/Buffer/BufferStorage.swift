// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// The subscriber-and-subscription of ``Publishers/Buffer``: it locks, asks
/// ``BufferStateMachine``, unlocks, then delivers, requests or cancels.
///
/// The subscriber is kept in the locked state and released (after unlocking) once the
/// subscription ends; a delivering thread keeps its own reference for the duration of its call.
final class BufferStorage<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
  CustomReflectable, CustomPlaygroundDisplayConvertible
{
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure
  private typealias Machine = BufferStateMachine<Downstream.Input, Downstream.Failure>

  private struct State {
    var machine: Machine
    var downstream: Downstream?
    /// The thread running the `.customError` factory, while it runs.
    var makingError: ThreadIdentity?
  }

  private let state: LockedState<State>
  /// Makes the error for a `.customError` overflow; `nil` for the other strategies.
  private let makeError: (() -> Failure)?

  #if DEBUG
  /// Registers this storage with the current leak-check scope, if any (see `LiveObjectScope`).
  private let liveObject = LiveObjectScope.track(BufferStorage.self)
  #endif

  init(
    downstream: Downstream, size: Int, prefetch: Publishers.PrefetchStrategy,
    whenFull: Publishers.BufferingStrategy<Failure>
  ) {
    let overflow: Machine.Overflow
    switch whenFull {
    case .dropNewest:
      overflow = .dropNewest
      makeError = nil
    case .dropOldest:
      overflow = .dropOldest
      makeError = nil
    case .customError(let make):
      overflow = .customError
      makeError = make
    }
    let machine = Machine(size: size, keepsFull: prefetch == .keepFull, overflow: overflow)
    state = .make(State(machine: machine, downstream: downstream))
  }

  var description: String { "Buffer" }

  var customMirror: Mirror { Mirror(self, children: state.withLock { $0.machine.mirrorChildren }) }

  var playgroundDescription: Any { description }

  func receive(subscription: any Subscription) {
    switch state.withLock({ $0.machine.receivedSubscription(subscription) }) {
    case .cancel(let second):
      second.cancel()
    case .start(let demand):
      // As in Combine: the upstream is asked first, then the subscriber gets its subscription.
      // Whatever arrives meanwhile waits: this thread holds the delivery token.
      subscription.request(demand)
      let downstream = state.withLock { $0.downstream }
      downstream?.receive(subscription: self)
      run(state.withLock { $0.machine.finishDelivery(adding: .none) }, downstream, returningRefill: false)
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    // The common case first: nothing waits, so the value goes straight out, and no generic action
    // carries it (the storage runs unspecialised: each generic type it builds is looked up).
    var immediate = false
    let receiver = state.withLock { state -> Downstream? in
      guard state.makingError == nil, state.machine.receivedForDelivery() else { return nil }
      immediate = true
      return state.downstream
    }
    if immediate {
      let additional = receiver?.receive(input) ?? .none
      switch state.withLock({ $0.machine.finishDeliveryIfIdle(adding: additional) }) {
      case .done: return .none
      // Returned, as `run` does inside `receive(_:)`: the upstream adds it to its demand.
      case .refill(let demand): return demand
      case .busy:
        return run(state.withLock { $0.machine.finishDelivery(adding: additional) }, receiver, returningRefill: true)
      }
    }
    let (action, downstream) = state.withLock { state in
      // Combine makes the error under its lock, so a value sent from inside the factory
      // deadlocks there; Signals stops with a message instead.
      if let making = state.makingError {
        precondition(
          making != ThreadIdentity.current,
          "Buffer received a value from inside its .customError factory (re-entrantly)")
      }
      let action = state.machine.received(input)
      if case .overflow = action { state.makingError = ThreadIdentity.current }
      return (action, state.downstream)
    }
    if case .overflow(let upstream) = action {
      upstream.cancel()
      // `makeError` is user code: called with no lock held.
      let error = makeError!()
      state.withLock {
        $0.makingError = nil
        $0.machine.customErrorMade(error)
      }
      return .none
    }
    return run(action, downstream, returningRefill: true)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let (action, downstream) = state.withLock { ($0.machine.completed(completion), $0.downstream) }
    run(action, downstream, returningRefill: false)
  }

  func request(_ demand: Subscribers.Demand) {
    let (action, downstream) = state.withLock { ($0.machine.request(demand), $0.downstream) }
    run(action, downstream, returningRefill: false)
  }

  func cancel() {
    let ended = state.withLock {
      state -> (upstream: (any Subscription)?, dropped: ContiguousArray<Input?>, Downstream?)? in
      guard let (upstream, dropped) = state.machine.cancel() else { return nil }
      defer { state.downstream = nil }
      return (upstream, dropped, state.downstream)
    }
    guard let ended else { return }
    ended.upstream?.cancel()
    // The buffered values and the subscriber are released here, after unlocking.
    withExtendedLifetime(ended) {}
  }

  /// Performs `action` and, while this thread holds the delivery token, whatever follows. Returns
  /// the refill demand instead of requesting it when `returningRefill` (inside `receive(_:)`).
  @discardableResult
  private func run(_ first: Machine.Action, _ downstream: Downstream?, returningRefill: Bool) -> Subscribers.Demand {
    var action = first
    while true {
      switch action {
      case .none:
        return .none
      case .drop(let value):
        withExtendedLifetime(value) {}
        return .none
      case .overflow:
        preconditionFailure("an overflow is handled by receive(_:)")
      case .deliver(let value):
        let additional = downstream?.receive(value) ?? .none
        action = state.withLock { $0.machine.finishDelivery(adding: additional) }
      case .complete(let completion, let dropped, let refill):
        withExtendedLifetime(dropped) {}
        downstream?.receive(completion: completion)
        if let refill { refill.from.request(refill.demand) }
        let released = state.withLock { state -> Downstream? in
          defer { state.downstream = nil }
          return state.downstream
        }
        withExtendedLifetime(released) {}
        return .none
      case .refill(let demand, let upstream):
        if returningRefill { return demand }
        upstream.request(demand)
        return .none
      }
    }
  }
}

// Safety: the only mutable state is `state`, a `LockedState`; `makeError` is immutable.
extension BufferStorage: @unchecked Sendable {}
#endif
