// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// The subscription that delivers an iterator's elements as demand arrives, then a fixed
/// completion: shared by ``Publishers/Sequence`` (`.finished`) and ``Record`` (its recorded
/// completion). The single-value publishers use the smaller ``SingleValueSubscription``.
///
/// It locks, asks ``SequenceStateMachine``, unlocks and acts. The iterator's `next()` (which may
/// run user code, for a lazy sequence) and every subscriber call happen outside the lock. The
/// iterator, the read-ahead element and the subscriber live in a ``SequenceCursor`` that one
/// frame owns at a time, as the machine decides; the cursor is released (on this side of the lock)
/// when the subscription completes or is cancelled.
///
/// Cost per element: one lock round trip, taken after the subscriber returns, to add the demand it
/// returned and to notice a `cancel` or a `request` made meanwhile. With unlimited demand the same
/// single lock is kept: it is uncontended in the common case, and an atomic cancel flag would only
/// replace it with another atomic operation per element (the one atomic's rules want a measurement
/// that it pays first).
/// Nothing is allocated per element. It keeps the contract (nothing beyond demand or after a
/// cancel that the drain loop has seen), so an operator behind it takes no lock of its own per
/// element (``ContractKeepingSubscription``).
final class SequenceSubscription<Iterator: IteratorProtocol, Downstream: Subscriber>: Subscription,
  ContractKeepingSubscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Input == Iterator.Element {
  private typealias Cursor = SequenceCursor<Iterator, Downstream>

  private let state = LockedState.make(SequenceStateMachine())
  /// Owned by the draining frame, or parked while idle (see ``SequenceStateMachine``); `nil` once
  /// released. The machine's protocol gives it one owner at a time.
  @exclusivity(unchecked) private var cursor: Cursor?
  private let completion: Subscribers.Completion<Downstream.Failure>
  private let reflection: SequenceReflection
  /// The whole source, shown while live; released with the cursor. Read only under the lock
  /// while the machine is not terminal: it is cleared only after the terminal transition.
  @exclusivity(unchecked) private var source: Any?

  private init(
    cursor: Cursor, completion: Subscribers.Completion<Downstream.Failure>, source: Any,
    reflection: SequenceReflection
  ) {
    self.cursor = cursor
    self.completion = completion
    self.source = source
    self.reflection = reflection
  }

  /// Subscribes `downstream` to the elements of `iterator` followed by `completion`.
  ///
  /// An iterator with no element gives `Subscriptions.empty` and the completion at once, as
  /// Combine does; otherwise the subscriber gets a subscription and elements as it asks.
  /// `source` (the whole sequence, or a record's values) is what the subscription describes while
  /// it is live; it is released when the subscription ends.
  static func subscribe(
    _ downstream: Downstream,
    to iterator: Iterator,
    completion: Subscribers.Completion<Downstream.Failure>,
    source: Any,
    reflection: SequenceReflection
  ) {
    var iterator = iterator
    guard let first = iterator.next() else {
      downstream.receive(subscription: Subscriptions.empty)
      downstream.receive(completion: completion)
      return
    }
    let cursor = Cursor(iterator: iterator, pending: first, downstream: downstream)
    downstream.receive(
      subscription: SequenceSubscription(cursor: cursor, completion: completion, source: source, reflection: reflection)
    )
  }

  /// The whole source's description while the subscription is live; afterwards a fixed text
  /// (``SequenceReflection/endedDescription``), as Combine shows it.
  var description: String {
    liveSource().map { String(describing: $0) } ?? reflection.endedDescription
  }

  /// A `sequence` child (the whole source while live, an empty array afterwards), then a record's
  /// `completion`.
  var customMirror: Mirror {
    // Once ended, an empty array, as Combine shows it (its element type does not show).
    var children: [Mirror.Child] = [("sequence", liveSource() ?? [Any]())]
    if reflection.showsCompletion {
      children.append(("completion", completion))
    }
    return Mirror(self, children: children)
  }

  var playgroundDescription: Any { description }

  /// The source while the subscription is live, `nil` once it has ended.
  private func liveSource() -> Any? {
    state.withLock { $0.isTerminal ? nil : source }
  }

  /// Releases what the subscription delivered from; called by the frame that ends it.
  private func release() {
    cursor = nil
    source = nil
  }

  /// Adds `demand`. Unlike most subscriptions, and as in Combine, a request for no values is
  /// allowed here and does nothing.
  func request(_ demand: Subscribers.Demand) {
    guard demand > 0 else { return }
    guard state.withLock({ $0.request(demand) }), let cursor else { return }
    // This frame now owns the cursor (see `SequenceStateMachine`).
    while true {
      let (additional, exhausted) = cursor.deliverPending()
      switch state.withLock({ $0.delivered(additionalDemand: additional, exhausted: exhausted) }) {
      case .deliverNext:
        continue
      case .park:
        return
      case .complete:
        release()
        cursor.downstream.receive(completion: completion)
        return
      case .cancelled:
        release()
        return
      }
    }
  }

  func cancel() {
    // A parked cursor is released here, after unlocking; a draining frame releases its own.
    if state.withLock({ $0.cancel() }) { release() }
  }
}

// Safety: the mutable state is `state`, a `LockedState`, and `cursor`, which the machine hands to
// one frame at a time (the lock orders each hand-over), and `source`, read only under the lock
// before the terminal transition and cleared only by the frame that made that transition.
extension SequenceSubscription: @unchecked Sendable {}

/// What a ``SequenceSubscription`` shows in its description and mirror.
struct SequenceReflection {
  /// The description once the subscription has ended.
  let endedDescription: String
  /// Whether the mirror also shows the completion, as a record's subscription does.
  let showsCompletion: Bool
}

/// What a ``SequenceSubscription`` delivers from: the iterator, the element read ahead, and the
/// subscriber. One frame uses it at a time.
final class SequenceCursor<Iterator: IteratorProtocol, Downstream: Subscriber>
where Downstream.Input == Iterator.Element {
  @exclusivity(unchecked) private var iterator: Iterator
  /// The element to deliver next, already read from `iterator`.
  @exclusivity(unchecked) private var pending: Iterator.Element
  let downstream: Downstream

  init(iterator: Iterator, pending: Iterator.Element, downstream: Downstream) {
    self.iterator = iterator
    self.pending = pending
    self.downstream = downstream
  }

  /// Reads the element after `pending`, delivers `pending`, and makes the element read the
  /// pending one. Returns the demand the subscriber asked for, and whether the iterator is
  /// exhausted (so the completion follows at once).
  func deliverPending() -> (demand: Subscribers.Demand, exhausted: Bool) {
    let next = iterator.next()
    let demand = downstream.receive(pending)
    guard let next else { return (demand, true) }
    pending = next
    return (demand, false)
  }
}
#endif
