// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// The part of a ``SubjectConduit`` that does not depend on its value and failure types: what the
/// subject's list holds, so that walking the list needs no run-time metadata of the generic class.
class AnySubjectConduit {
  /// The delivery token's loan (see `TokenLoan`): the send fast path gives the token back with a
  /// compare-exchange on this byte instead of a second lock round trip. It must stay the first
  /// stored property of this root class, and only `Atomic`'s leading-byte operations touch it after
  /// `init` (Safety comment there; `SubjectConduitTests` checks the layout).
  final var loanByte: UInt8 = TokenLoan.initialByte
  /// Set, once and for good, when the subscriber is cancelled or completed by the thread that
  /// holds its delivery token; a value that thread reserved for it is then not delivered. Owned by
  /// the delivery token: written and read only by the holder.
  @exclusivity(unchecked) final var deliveryStopped = false
  /// Whether the subscriber may be called from several threads at once and never calls back into
  /// the subject from a call (a stream's continuation): sends then deliver to it without taking the
  /// token, and only the completion or a cancel takes it. Such a conduit is listed with no demand of
  /// its own, so the send fast path sends it down its limited-demand branch, and the check costs
  /// the common case nothing. A value delivered as the subscriber ends reaches a stream that has
  /// finished, which drops it.
  final let deliversWithoutToken: Bool
  /// Index in the storage's conduit list, or -1 once removed. Guarded by the storage's lock. 32 bits
  /// (two billion subscribers a subject), so that it shares a word with the three bytes above.
  @exclusivity(unchecked) final var slot: Int32 = -1

  #if DEBUG
  /// Registers this object with the current leak-check scope, if any (see `LiveObjectScope`).
  private let liveObject: LiveObjectToken?
  #endif

  /// Asks the conduit to tell `hook` when it releases its subscriber, for a subscriber that the
  /// calling thread, holding the delivery token, is handing its subscription to; `false` when this
  /// kind of conduit has no subscriber to release or the caller does not hold the token.
  func adoptReleaseHook(_ hook: any ConduitReleaseHook) -> Bool { false }

  init(deliversWithoutToken: Bool) {
    self.deliversWithoutToken = deliversWithoutToken
    #if DEBUG
    liveObject = LiveObjectScope.track(Self.self)
    #endif
  }

  /// Removes `conduit` from `list` in O(1): the last conduit moves into its slot. Call with the
  /// storage's lock held. Returns whether it was there.
  @discardableResult
  static func remove(_ conduit: AnySubjectConduit, from list: inout ContiguousArray<AnySubjectConduit>) -> Bool {
    let slot = conduit.slot
    guard slot >= 0 else { return false }
    conduit.slot = -1
    let last = list.removeLast()
    if last !== conduit {
      list[Int(slot)] = last
      last.slot = slot
    }
    return true
  }
}
#endif
