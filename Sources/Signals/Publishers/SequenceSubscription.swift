// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// The subscription that delivers an iterator's elements as demand arrives, then a fixed
/// completion: shared by ``Publishers/Sequence`` (`.finished`) and ``Record`` (its recorded
/// completion). The single-value publishers use the smaller ``SingleValueSubscription``.
///
/// It locks, asks ``SequenceStateMachine``, unlocks and acts. The iterator's `next()` (which may
/// run user code, for a lazy sequence) and every subscriber call happen outside the lock.
///
/// Cost per element: one lock round trip, taken after the subscriber returns, to add the demand it
/// returned and to notice a `cancel` or a `request` made meanwhile. With unlimited demand the same
/// single lock is kept: without atomics (unavailable at the macOS 10.15 floor) it is the only
/// race-free way to see a `cancel` from another thread, and it is uncontended in the common case.
/// Nothing is allocated per element.
final class SequenceSubscription<Iterator: IteratorProtocol, Downstream: Subscriber>: Subscription,
  CustomStringConvertible
where Downstream.Input == Iterator.Element {
  private typealias Machine = SequenceStateMachine<Iterator, Downstream>

  private let state: LockedState<Machine>
  private let completion: Subscribers.Completion<Downstream.Failure>
  private let name: String

  private init(
    iterator: Iterator,
    first: Iterator.Element,
    downstream: Downstream,
    completion: Subscribers.Completion<Downstream.Failure>,
    name: String
  ) {
    state = .make(Machine(iterator: iterator, first: first, downstream: downstream))
    self.completion = completion
    self.name = name
  }

  /// Subscribes `downstream` to the elements of `iterator` followed by `completion`.
  ///
  /// An iterator with no element gives `Subscriptions.empty` and the completion at once, as
  /// Combine does; otherwise the subscriber gets a subscription and elements as it asks.
  static func subscribe(
    _ downstream: Downstream,
    to iterator: Iterator,
    completion: Subscribers.Completion<Downstream.Failure>,
    name: String
  ) {
    var iterator = iterator
    guard let first = iterator.next() else {
      downstream.receive(subscription: Subscriptions.empty)
      downstream.receive(completion: completion)
      return
    }
    let subscription = SequenceSubscription(
      iterator: iterator, first: first, downstream: downstream, completion: completion, name: name)
    downstream.receive(subscription: subscription)
  }

  var description: String { name }

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "Subscription.request(\(demand)): demand must be greater than zero")
    guard case .startDraining(var iterator, var element, let downstream) = state.withLock({ $0.request(demand) })
    else { return }
    // This frame is now the only one that delivers (see `SequenceStateMachine`).
    while true {
      let next = iterator.next()
      let additional = downstream.receive(element)
      let action = state.withLock { machine in
        machine.delivered(additionalDemand: additional, iterator: iterator, next: next, downstream: downstream)
      }
      switch action {
      case .deliverNext:
        // `deliverNext` is only returned when `next` holds an element.
        element = next!
      case .complete:
        downstream.receive(completion: completion)
        return
      case .stop:
        return
      }
    }
  }

  func cancel() {
    let action = state.withLock { $0.cancel() }
    // Whatever the state held is released here, after unlocking.
    withExtendedLifetime(action) {}
  }
}

// Safety: the only mutable state is `state`, a `LockedState`; the iterator and the subscriber it
// hands out are used by one draining frame at a time.
extension SequenceSubscription: @unchecked Sendable {}
