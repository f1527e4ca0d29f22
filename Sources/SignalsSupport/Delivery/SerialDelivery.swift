// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// The one serial-delivery primitive: who may call a subscriber now, and how many deliveries wait
/// for that caller.
///
/// A subscriber must never be entered by two threads at once. Whoever wants to deliver asks
/// ``enter(on:)``: the first caller takes the *token* and delivers; a caller on another thread
/// while the token is taken does not wait and does not deliver — its delivery is counted in the
/// backlog and made by the holder before it gives the token back (``finishDelivery()``). So no
/// thread blocks on another's subscriber, and a subscriber sees one thread at a time.
///
/// A call from the holder itself (the subscriber, inside `receive(_:)`, causes another delivery
/// to itself) follows the ``Reentrancy`` rule the owner chose:
/// - ``Reentrancy/nested``: delivered at once, inside the outer delivery. This is Combine's
///   depth-first order, which Combine gets from a recursive lock around its subscriber; here it
///   needs no lock, only the holder's thread identity.
/// - ``Reentrancy/queued``: counted in the backlog like another thread's, and made after the
///   outer delivery returns.
///
/// The primitive is a plain value that counts and decides; it holds no events. Its owner keeps
/// it inside the same `LockedState` as its events (oldest first) and its own state, asks it under
/// the lock, and calls the subscriber after unlocking. The rules, once:
/// 1. Only the holder calls the subscriber, and it holds the token from `.deliver` until
///    ``next()`` answers ``Next/none``. A `.deliverNested` caller calls the subscriber inside the
///    holder's own call, on the holder's thread, and does not call ``next()``.
/// 2. Each `.queued` answer is one delivery the holder makes before it gives the token back: the
///    owner takes its oldest waiting event each time ``next()`` answers ``Next/deliver``.
/// 3. An ending (a completion the owner keeps apart from its events) is made after everything
///    owed: ``end(on:)`` marks it, and ``next()`` answers ``Next/end`` once the backlog is empty.
///    Whoever ends first wins; later calls answer `.closed`.
/// 4. After ``close()`` (a cancel) or the ending, nothing more is delivered: ``enter(on:)``
///    answers `.closed` and the holder, if any, gives the token back when its current delivery
///    returns.
///
/// ```swift
/// var delivery = SerialDelivery(.nested)
/// let me = ThreadIdentity.current
/// print(delivery.enter(on: me))               // deliver: this thread holds the token
/// print(delivery.enter(on: ThreadIdentity(rawValue: 2)))  // queued: made by the holder
/// print(delivery.next())                      // deliver: one more delivery to make
/// print(delivery.next())                      // none: the token is given back
/// ```
@_spi(Signals) public struct SerialDelivery: Equatable, Sendable {
  /// What happens to a delivery asked for by the thread that holds the token.
  public enum Reentrancy: Sendable {
    /// Delivered at once, inside the delivery that caused it (Combine's depth-first order).
    case nested
    /// Made after the delivery that caused it returns, as if another thread had asked.
    case queued
  }

  /// The answer of ``enter(on:count:)`` and ``end(on:)``.
  public enum Entry: Equatable, Sendable {
    /// The caller now holds the token: deliver (for ``end(on:)``: nothing yet), then ask
    /// ``next()`` until it answers ``Next/none``.
    case deliver
    /// The caller already holds the token and the rule is ``Reentrancy/nested``: deliver now,
    /// inside the outer delivery, and do not ask ``next()``. For ``end(on:)``: deliver the ending
    /// now; what was owed is forgotten.
    case deliverNested
    /// Counted in the backlog (or, for ``end(on:)``, kept for after it): the holder makes this
    /// delivery before giving the token back.
    case queued
    /// The delivery ended (``close()``, or an ending already marked): deliver nothing.
    case closed
  }

  /// What the holder does after a delivery, from ``next()``.
  public enum Next: Equatable, Sendable {
    /// Make one more delivery: the owner's oldest waiting event.
    case deliver
    /// Deliver the ending; nothing follows it. The caller still holds the token until it asks
    /// ``next()`` again, which answers ``none``.
    case end
    /// Nothing is owed: the token is given back.
    case none
  }

  /// Where a delivery stands.
  @usableFromInline enum Lifecycle: Equatable, Sendable {
    /// Deliveries are made.
    case open
    /// An ending is marked and waits for the backlog.
    case ending
    /// Ended or closed: nothing more is delivered.
    case closed
  }

  /// The holder's thread identity, `0` when nobody is delivering (no thread has identity 0). Kept
  /// as a plain word, and the count below as 32 bits, so that the whole primitive fits in 16 bytes
  /// (a subject keeps one per subscriber).
  @usableFromInline var holderRaw: UInt = 0
  /// Deliveries the holder owes before it gives the token back.
  @usableFromInline var owedCount: UInt32 = 0

  /// The thread that holds the token, `nil` when nobody is delivering.
  @inlinable
  var holder: ThreadIdentity? {
    get { holderRaw == 0 ? nil : ThreadIdentity(rawValue: holderRaw) }
    set { holderRaw = newValue?.rawValue ?? 0 }
  }

  /// ``owedCount`` as an `Int`.
  @inlinable
  var owed: Int {
    get { Int(owedCount) }
    set { owedCount = UInt32(newValue) }
  }

  /// The holder of a ``Reentrancy/queued`` owner, which records no thread.
  @inlinable
  static var unrecorded: ThreadIdentity { ThreadIdentity(rawValue: .max) }

  @usableFromInline var lifecycle = Lifecycle.open
  /// The rule for a holder's own re-entrant calls.
  public let reentrancy: Reentrancy

  /// A primitive with nobody delivering and nothing owed.
  @inlinable
  public init(_ reentrancy: Reentrancy) {
    self.reentrancy = reentrancy
  }

  /// Whether a thread holds the token now.
  @inlinable
  public var isDelivering: Bool { holder != nil }

  /// Whether `thread` holds the token now.
  @inlinable
  public func isHeld(by thread: ThreadIdentity) -> Bool { holderRaw == thread.rawValue }

  /// Deliveries the holder still owes.
  @inlinable
  public var backlog: Int { owed }

  /// Whether the delivery ended or closed: nothing more is delivered.
  @inlinable
  public var closed: Bool { lifecycle == .closed }

  /// Whether an ending is marked (waiting or made) or the delivery closed: no new event should
  /// be made.
  @inlinable
  public var hasEnded: Bool { lifecycle != .open }

  /// Asks to make `count` deliveries on `thread`; see ``Entry`` for what the caller does next.
  ///
  /// With more than one, a caller answered `.deliver` or `.deliverNested` makes the first and
  /// the rest are owed by the holder, after the delivery at hand.
  @inlinable
  public mutating func enter(on thread: ThreadIdentity, count: Int = 1) -> Entry {
    if lifecycle == .closed { return .closed }
    guard let holder else {
      self.holder = thread
      owed += count - 1
      return .deliver
    }
    if holder == thread, reentrancy == .nested {
      owed += count - 1
      return .deliverNested
    }
    owed += count
    return .queued
  }

  /// As ``enter(on:count:)``, for a delivery the owner keeps track of itself (a flag in its own
  /// state, not the backlog count): a `.queued` answer counts nothing, and the owner tells the
  /// holder through its own state.
  @inlinable
  public mutating func join(on thread: ThreadIdentity) -> Entry {
    if lifecycle == .closed { return .closed }
    guard let holder else {
      self.holder = thread
      return .deliver
    }
    return holder == thread && reentrancy == .nested ? .deliverNested : .queued
  }

  /// ``enter(on:count:)`` for a ``Reentrancy/queued`` owner, which needs no thread identity:
  /// every call while the token is taken is counted in the backlog.
  @inlinable
  public mutating func enter() -> Entry {
    assert(reentrancy == .queued, "a nested delivery needs the caller's thread")
    return enter(on: Self.unrecorded)
  }

  /// Counts one delivery whose event the owner already queued, for a ``Reentrancy/queued`` owner:
  /// `true` when the token was free and the caller now holds it (it asks ``next()``, which hands
  /// out that delivery), `false` when the holder makes it or the delivery ended.
  @inlinable
  public mutating func owe() -> Bool {
    assert(reentrancy == .queued, "a nested delivery needs the caller's thread")
    guard lifecycle != .closed else { return false }
    owed += 1
    guard holder == nil else { return false }
    holder = Self.unrecorded
    return true
  }

  /// Takes the token if it is free, for an owner whose deliveries follow its own state (a buffer
  /// and the subscriber's demand) rather than a count: `true` when the caller now holds it; it
  /// delivers while its state allows, then asks ``next()`` (which, owing nothing, hands out the
  /// ending or gives the token back).
  @inlinable
  public mutating func acquire() -> Bool {
    guard lifecycle != .closed, holder == nil else { return false }
    holder = Self.unrecorded
    return true
  }

  /// Marks the ending without taking the token, for an owner that claims the token in a step of
  /// its own (``claim()``); `false` if the delivery had already ended.
  @inlinable
  public mutating func markEnding() -> Bool {
    guard lifecycle == .open else { return false }
    lifecycle = .ending
    return true
  }

  /// Takes the token if it is free and something waits for it (an owed delivery or the ending):
  /// `true` when the caller now holds it and asks ``next()``.
  @inlinable
  public mutating func claim() -> Bool {
    guard holder == nil, lifecycle != .closed, owed > 0 || lifecycle == .ending else { return false }
    holder = Self.unrecorded
    return true
  }

  /// Marks the ending, made after everything owed; see ``Entry``.
  @inlinable
  public mutating func end(on thread: ThreadIdentity) -> Entry {
    guard lifecycle == .open else { return .closed }
    guard let holder else {
      self.holder = thread
      lifecycle = .ending
      return .deliver
    }
    if holder == thread, reentrancy == .nested {
      lifecycle = .closed
      owed = 0
      return .deliverNested
    }
    lifecycle = .ending
    return .queued
  }

  /// ``end(on:)`` for a ``Reentrancy/queued`` owner.
  @inlinable
  public mutating func end() -> Entry {
    assert(reentrancy == .queued, "a nested delivery needs the caller's thread")
    return end(on: Self.unrecorded)
  }

  /// The holder's delivery returned: what it does next (see ``Next``).
  @inlinable
  public mutating func next() -> Next {
    switch lifecycle {
    case .closed:
      holder = nil
      return .none
    case .open, .ending:
      if owed > 0 {
        owed -= 1
        return .deliver
      }
      if lifecycle == .ending {
        lifecycle = .closed
        return .end
      }
      holder = nil
      return .none
    }
  }

  /// Forgets up to `count` owed deliveries whose events the owner dropped (never more than are
  /// owed).
  @inlinable
  public mutating func forget(_ count: Int) {
    owed -= Swift.min(count, owed)
  }

  /// Whether an ending is marked and waits for the holder.
  @inlinable
  public var isEnding: Bool { lifecycle == .ending }

  /// The holder gives the token back if nothing is owed and no ending waits (a cheap finish for
  /// an owner that knows its own state asks for nothing more); `false`, changing nothing,
  /// otherwise, when the holder goes on with ``next()``.
  @inlinable
  public mutating func releaseIfIdle() -> Bool {
    guard owed == 0, lifecycle == .open else { return false }
    holder = nil
    return true
  }

  /// What ``close(on:)`` leaves the caller to do.
  public enum Closing: Equatable, Sendable {
    /// Already closed: nothing.
    case none
    /// The token was free: the caller now holds it (to release what the token guards, such as
    /// the subscriber); it is never given back.
    case closedHolding
    /// The caller holds the token further up its own stack: the delivery it is making must not
    /// reach the subscriber, and it releases when its delivery returns.
    case closedUnderCaller
    /// Another thread holds the token and releases when its delivery returns.
    case closedUnderHolder
  }

  /// ``close()`` that also says who releases what the token guards; see ``Closing``.
  @inlinable
  public mutating func close(on thread: ThreadIdentity) -> Closing {
    guard lifecycle != .closed else { return .none }
    close()
    guard let holder else {
      self.holder = thread
      return .closedHolding
    }
    return holder == thread ? .closedUnderCaller : .closedUnderHolder
  }

  /// Nothing more is delivered (a cancel): owed deliveries and a waiting ending are forgotten,
  /// later calls answer `.closed`, and a holder gives the token back when its current delivery
  /// returns.
  @inlinable
  public mutating func close() {
    lifecycle = .closed
    owed = 0
  }
}
