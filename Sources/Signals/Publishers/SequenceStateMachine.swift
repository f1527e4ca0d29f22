// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// The state of one subscription that hands a subscriber the elements of an iterator as demand
/// arrives: the engine behind ``Publishers/Sequence``, ``Just``, ``Record``, `Optional.Publisher`
/// and `Result.Publisher`.
///
/// One element is always read ahead (`pending`), as Combine does, so the completion follows the
/// last element at once, without waiting for more demand.
///
/// Re-entrancy: the first `request` that finds demand and an element starts *draining* and takes
/// the iterator, the pending element and the subscriber out of the state; it is the only frame
/// that delivers. A `request` made meanwhile, from inside `receive(_:)` or from another thread,
/// only adds to `demand`, which the draining frame picks up after each element. So delivery never
/// recurses and stays in order. A `cancel` meanwhile moves the state to `terminal`, which the
/// draining frame sees after the element in flight.
///
/// The machine never locks and never calls out; ``SequenceSubscription`` does both.
struct SequenceStateMachine<Iterator: IteratorProtocol, Downstream> {
  private enum State {
    /// Nobody is delivering and no demand is outstanding. `pending` is the next element, already
    /// read from `iterator`.
    case idle(Iterator, pending: Iterator.Element, Downstream)
    /// One frame is delivering and owns the iterator and the subscriber; `demand` counts what was
    /// requested beyond the element in flight.
    case draining(demand: Subscribers.Demand)
    /// Completed or cancelled; nothing more is delivered.
    case terminal
  }

  /// What a `request` asks the caller to do.
  enum RequestAction {
    /// Nothing: another frame is delivering, or the subscription is over.
    case none
    /// Become the draining frame: deliver `element` to `downstream`, then report with
    /// ``delivered(additionalDemand:iterator:next:)``.
    case startDraining(Iterator, element: Iterator.Element, Downstream)
  }

  /// What the draining frame does after delivering one element.
  enum DrainAction {
    /// Deliver `next` (the caller's read-ahead element) and report again.
    case deliverNext
    /// Send the completion: the iterator is exhausted.
    case complete
    /// Stop: the iterator and the element were parked in the state (no demand), or the
    /// subscription was cancelled (the caller drops what it holds).
    case stop
  }

  /// What a `cancel` hands back to be released after unlocking.
  enum CancelAction {
    /// Nothing to release.
    case none
    /// Release these (they may run user code in `deinit`).
    case release(Iterator, pending: Iterator.Element, Downstream)
  }

  private var state: State

  /// A subscription waiting for its first demand; `first` was already read from `iterator`.
  init(iterator: Iterator, first: Iterator.Element, downstream: Downstream) {
    state = .idle(iterator, pending: first, downstream)
  }

  /// Whether the subscription completed or was cancelled.
  var isTerminal: Bool {
    if case .terminal = state { return true }
    return false
  }

  /// The subscriber asked for `demand` more elements (`demand > 0`).
  mutating func request(_ demand: Subscribers.Demand) -> RequestAction {
    switch state {
    case .idle(let iterator, let pending, let downstream):
      state = .draining(demand: demand - 1)
      return .startDraining(iterator, element: pending, downstream)
    case .draining(let outstanding):
      state = .draining(demand: outstanding + demand)
      return .none
    case .terminal:
      return .none
    }
  }

  /// The draining frame delivered an element, the subscriber asked for `additionalDemand` more,
  /// and `next` is the following element (`nil`: exhausted).
  ///
  /// `iterator` and `next` are only copied into the state when delivery parks for lack of demand.
  mutating func delivered(
    additionalDemand: Subscribers.Demand,
    iterator: Iterator,
    next: Iterator.Element?,
    downstream: Downstream
  ) -> DrainAction {
    switch state {
    case .draining(let outstanding):
      guard let element = next else {
        state = .terminal
        return .complete
      }
      let demand = outstanding + additionalDemand
      if demand > 0 {
        state = .draining(demand: demand - 1)
        return .deliverNext
      }
      state = .idle(iterator, pending: element, downstream)
      return .stop
    case .terminal:
      return .stop
    case .idle:
      preconditionFailure("SequenceStateMachine.delivered: no frame is draining (state: idle)")
    }
  }

  /// The subscriber cancelled.
  mutating func cancel() -> CancelAction {
    switch state {
    case .idle(let iterator, let pending, let downstream):
      state = .terminal
      return .release(iterator, pending: pending, downstream)
    case .draining:
      state = .terminal
      return .none
    case .terminal:
      return .none
    }
  }
}
