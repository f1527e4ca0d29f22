// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// A ``SerialDelivery`` token handed back without the owner's lock: the send fast path's second
/// lock round trip, replaced by one atomic compare-exchange.
///
/// A holder that took the token under the lock must normally take the lock again to give it back,
/// because another thread may have counted a delivery for it or ended the delivery meanwhile. When
/// the owner *lends* the token instead, the answer to "did anything change?" lives in one atomic
/// byte of the owner object (``Atomic/loadLeadingByte(of:)``), and the holder gives the token back
/// with a compare-exchange when nothing did.
///
/// The byte's states and the rules, once:
/// - `idle`: no loan outstanding; the primitive's holder is exact.
/// - `lent`: the holder may give the token back without the lock. Set under the lock by
///   ``lend(in:)``, right after the caller's `enter` answered `.deliver`.
/// - `returned`: the holder gave it back (``giveBack(in:)``, `lent` → `returned`, lock-free). The
///   primitive still names the holder until the next access under the lock settles the loan.
/// - `attention`: something was asked of the token while it was lent. ``giveBack(in:)`` then
///   fails, and the holder finishes under the lock as without a loan (``SerialDelivery/next()``).
///
/// 1. Every access to the primitive under the owner's lock starts with ``prepare(_:in:)``. It
///    settles a `returned` loan (the holder is cleared, which is what giving it back under the
///    lock would have done) and turns a `lent` one into `attention`. So no access reads a stale
///    holder, and no change reaches a lent token without the holder hearing of it.
/// 2. A loan is only given back from `lent`, so it is given back only if no access came between
///    the loan and the give-back: nothing was counted, no ending waits, nothing closed, which is
///    when ``SerialDelivery/releaseIfIdle()`` would have given it back too.
/// 3. The give-back releases and the settling acquires: the next holder sees everything the
///    lender did while delivering, as the lock would have made it see.
///
/// 4. A loan told to finish stays *outstanding* (`attention`) until its holder has finished under
///    the lock and says so with ``finishedUnderLock(in:)``, which clears the byte to `idle`. So,
///    under the lock, ``isOutstanding(in:)`` tells whether a holder that took the token on loan is
///    still delivering or about to take the lock: an owner whose lender keeps no reference of its
///    own (a subject's send to one or two subscribers) keeps such an owner alive until then.
///
/// ```swift
/// // Under the owner's lock:
/// TokenLoan.prepare(&delivery, in: owner)
/// if delivery.enter(on: .current) == .deliver { TokenLoan.lend(in: owner) }
/// // Unlocked, after the delivery:
/// if !TokenLoan.giveBack(in: owner) {
///   // Under the lock again: prepare, then `delivery.next()` as without a loan.
/// }
/// ```
@_spi(Signals) public enum TokenLoan {
  /// No loan outstanding.
  @usableFromInline static let idle: UInt8 = 0
  /// Lent: the holder may give the token back without the lock.
  @usableFromInline static let lent: UInt8 = 1
  /// Given back; the primitive still names the holder until settled.
  @usableFromInline static let returned: UInt8 = 2
  /// Asked for while lent: the holder finishes under the lock.
  @usableFromInline static let attention: UInt8 = 3

  /// The value an owner initialises its leading byte to.
  public static var initialByte: UInt8 { idle }

  /// Settles a loan given back and makes an outstanding one finish under the lock; call under the
  /// owner's lock before any other use of `delivery` (rule 1). `owner` keeps the byte as its
  /// leading stored property (see ``Atomic``'s leading-byte operations).
  @inlinable @inline(__always)
  public static func prepare(_ delivery: inout SerialDelivery, in owner: AnyObject) {
    switch Atomic.loadLeadingByte(of: owner) {
    case lent:
      // The holder is delivering: tell it to finish under the lock, unless it gave the token back
      // just now, in which case the loan is settled like any returned one.
      if Atomic.compareExchangeLeadingByte(of: owner, expected: lent, desired: attention) { return }
      settle(&delivery, in: owner)
    case returned:
      settle(&delivery, in: owner)
    default:
      return
    }
  }

  /// Clears the holder of a loan given back (rule 2: nothing changed since it was lent).
  @inlinable
  static func settle(_ delivery: inout SerialDelivery, in owner: AnyObject) {
    let released = delivery.releaseIfIdle()
    assert(released, "a token given back on loan had deliveries owed or an ending waiting")
    Atomic.storeLeadingByte(of: owner, idle)
  }

  /// Lends the token the caller just took (its `enter` answered `.deliver`); call under the lock.
  /// The caller gives it back with ``giveBack(in:)`` after its delivery.
  @inlinable @inline(__always)
  public static func lend(in owner: AnyObject) {
    // Relaxed: every reader of this value reads it under the lock held here, or is the caller.
    Atomic.storeLeadingByte(of: owner, lent)
  }

  /// Whether a loan told to finish (rule 4) is still outstanding: its holder is delivering, or is
  /// about to finish under the lock. Call under the owner's lock, after ``prepare(_:in:)``.
  @inlinable @inline(__always)
  public static func isOutstanding(in owner: AnyObject) -> Bool {
    Atomic.loadLeadingByte(of: owner) == attention
  }

  /// The holder of a loan told to finish has finished under the lock: its token is given back or
  /// its delivery ended. Clears the loan (rule 4) and returns whether one was outstanding. Call
  /// under the owner's lock, when a holder's delivery ends there.
  @inlinable @inline(__always)
  public static func finishedUnderLock(in owner: AnyObject) -> Bool {
    guard Atomic.loadLeadingByte(of: owner) == attention else { return false }
    Atomic.storeLeadingByte(of: owner, idle)
    return true
  }

  /// The holder of a lent token gives it back after its delivery, without the lock: `true` when it
  /// did; `false` when something was asked of the token meanwhile, and the holder takes the lock,
  /// calls ``prepare(_:in:)`` and goes on with ``SerialDelivery/next()``.
  @inlinable @inline(__always)
  public static func giveBack(in owner: AnyObject) -> Bool {
    Atomic.compareExchangeLeadingByte(of: owner, expected: lent, desired: returned)
  }
}
