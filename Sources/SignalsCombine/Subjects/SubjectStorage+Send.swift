// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// The send path of ``SubjectStorage``: the lock round trip that records a value and takes the
/// subscribers' tokens, and the deliveries after unlocking.
extension SubjectStorage {
  /// Sends `value` to every subscriber.
  ///
  /// The fast path serves subscribers with unlimited demand (every `sink`), up to 64 at a time:
  /// one lock round trip takes their delivery tokens (the same lock round trip that records the
  /// value, for the first 64), the values are delivered with no lock, and one more round trip gives
  /// the tokens back — or, for one or two subscribers, a compare-exchange each (`TokenLoan`).
  /// When every token is lent, the send keeps the one or two conduits unretained instead of
  /// retaining the list (``State/retired`` keeps a conduit taken off the list alive meanwhile).
  /// A subscriber with limited demand goes through ``SubjectConduit/offer(_:generation:on:)``, in
  /// its place in the order. A subscriber cancelled or completed on this thread while its token
  /// is reserved here sets ``SubjectConduit/deliveryStopped`` and is skipped.
  ///
  /// With `storingAfterCompletion` (`CurrentValueSubject.value`'s setter), a value set after the
  /// completion is still stored, as in Combine, and sent to no one.
  func send(_ value: Output, storingAfterCompletion: Bool = false) {
    let thread = ThreadIdentity.current
    var batch = SendBatch()
    var generation: UInt64 = 0
    var lentToAll = UnretainedPair<AnySubjectConduit>()
    var snapshot: ContiguousArray<AnySubjectConduit>?
    state.withLock { state in
      guard !state.isCompleted else {
        if storingAfterCompletion { latest.store(value) }
        return
      }
      latest.store(value)
      state.generation += 1
      generation = state.generation
      batch = Self.reserve(value, for: state.conduits, from: 0, generation: generation, on: thread)
      let count = state.conduits.count
      if count > 0, count <= SendBatch.lendingLimit, batch.lent == (UInt64(1) << UInt64(count)) - 1 {
        // Every token lent (one or two subscribers with unlimited demand, the common case): the
        // conduits stay alive while their loans are outstanding (`retired`), so the send keeps
        // them without retaining the list.
        lentToAll = UnretainedPair(state.conduits)
      } else {
        snapshot = state.conduits
      }
    }
    if lentToAll.count > 0 { return deliver(value, toLent: lentToAll) }
    guard let conduits = snapshot else { return }
    let count = conduits.count
    var start = 0
    while start < count {
      if start > 0 {
        batch = state.withLock { state in
          Self.reserve(value, for: conduits, from: start, generation: generation, on: thread)
        }
      }
      deliver(value, to: conduits, from: start, batch, generation: generation, on: thread)
      start += SendBatch.capacity
    }
  }

  /// Delivers `value` to the one or two subscribers whose tokens ``send(_:storingAfterCompletion:)``
  /// took on loan, then gives each token back, as ``deliver(_:to:from:_:generation:on:)`` does for
  /// lent tokens. A conduit finishing under the lock may hand back the reference that kept it alive
  /// after it was taken off the list; it is released here, after the conduit's method returned.
  @inline(__always)
  private func deliver(_ value: Output, toLent lent: UnretainedPair<AnySubjectConduit>) {
    for index in 0..<lent.count {
      lent.withElement(index, as: SubjectConduit<Output, Failure>.self) { conduit in
        // This thread holds the token; `deliveryStopped` is written only by its holder.
        if !conduit.deliveryStopped { _ = conduit.deliver(value) }
      }
    }
    for index in 0..<lent.count {
      let retired = lent.withElement(index, as: SubjectConduit<Output, Failure>.self) { conduit in
        conduit.giveBackLentToken()
      }
      withExtendedLifetime(retired) {}
    }
  }

  /// Offers `value` to the unlimited-demand subscribers among `conduits[start...]` (at most 64).
  /// Call with the lock held.
  @inline(__always)
  private static func reserve(
    _ value: Output, for conduits: ContiguousArray<AnySubjectConduit>, from start: Int,
    generation: UInt64, on thread: ThreadIdentity
  ) -> SendBatch {
    BorrowedElements.lending(conduits) { conduits in
      var batch = SendBatch()
      let end = min(start + SendBatch.capacity, conduits.count)
      // The tokens of a short list are lent and given back one compare-exchange each; a longer
      // list's are given back together, in one lock round trip (see `SendBatch.lendingLimit`).
      let lends = conduits.count <= SendBatch.lendingLimit
      for index in start..<end {
        let bit = UInt64(1) << UInt64(index - start)
        Self.borrow(conduits, index) { conduit in
          guard conduit.machine.token.demand == .unlimited else {
            batch.limited |= bit
            return
          }
          // Tokens are lent only while the list is short, and a list that grows past that settles
          // its loans (`add(_:to:)`): a longer list has none to settle.
          if lends { conduit.settleLoan() }
          switch conduit.machine.token.offerUnlimited(generation: generation, on: thread) {
          case .deliver where lends:
            TokenLoan.lend(in: conduit)
            batch.lent |= bit
          case .deliver: batch.reserved |= bit
          case .deliverNested: batch.nested |= bit
          case .queue: conduit.machine.enqueue(value)
          case .drop: break
          }
        }
      }
      return batch
    }
  }

  @inline(__always)
  private func deliver(
    _ value: Output, to conduits: ContiguousArray<AnySubjectConduit>, from start: Int,
    _ batch: SendBatch, generation: UInt64, on thread: ThreadIdentity
  ) {
    BorrowedElements.lending(conduits) { conduits in
      let end = min(start + SendBatch.capacity, conduits.count)
      for index in start..<end {
        let bit = UInt64(1) << UInt64(index - start)
        if (batch.reserved | batch.nested | batch.lent) & bit != 0 {
          // This thread holds the token; `deliveryStopped` is written only by its holder.
          // Unlimited demand: what the subscriber returns changes nothing.
          Self.borrow(conduits, index) { conduit in
            if !conduit.deliveryStopped { _ = conduit.deliver(value) }
          }
        } else if batch.limited & bit != 0 {
          Self.borrow(conduits, index) { conduit in
            // A subscriber that needs no token is listed with no demand, so that it comes here and
            // costs the unlimited-demand check above nothing.
            if conduit.deliversWithoutToken {
              _ = conduit.deliver(value)
            } else {
              conduit.offer(value, generation: generation, on: thread)
            }
          }
        }
      }
      if batch.lent != 0 {
        for index in start..<end where batch.lent & (UInt64(1) << UInt64(index - start)) != 0 {
          // The list snapshot keeps the conduit alive, so a retired one is let go of at once.
          Self.borrow(conduits, index) { _ = $0.giveBackLentToken() }
        }
      }
      guard batch.reserved != 0 else { return }
      // These tokens were taken and not lent, so their loans are idle: nothing to settle first.
      let busy = state.withLock { _ -> UInt64 in
        var busy: UInt64 = 0
        for index in start..<end {
          let bit = UInt64(1) << UInt64(index - start)
          if batch.reserved & bit != 0, !Self.borrow(conduits, index, { $0.machine.token.returnTokenIfIdle() }) {
            busy |= bit
          }
        }
        return busy
      }
      guard busy != 0 else { return }
      for index in start..<end where busy & (UInt64(1) << UInt64(index - start)) != 0 {
        Self.borrow(conduits, index) { _ = $0.finishDelivery(additionalDemand: .none) }
      }
    }
  }

  /// Runs `body` with `conduits[index]` lent rather than retained: the caller's snapshot of the
  /// list (an array no one else mutates: the lock's copy is copy-on-write) keeps every conduit in
  /// it alive, so the send loops skip a retain and a release per subscriber.
  @inline(__always)
  fileprivate static func borrow<Result>(
    _ conduits: BorrowedElements<AnySubjectConduit>, _ index: Int,
    _ body: (SubjectConduit<Output, Failure>) -> Result
  ) -> Result {
    conduits.withElement(index, as: SubjectConduit<Output, Failure>.self, body)
  }
}

/// Which of up to 64 subscribers, from a start index, a send serves how (see `SubjectStorage.send`).
struct SendBatch {
  static let capacity = 64
  /// At most this many subscribers, the tokens taken are lent (`TokenLoan`): each is given back
  /// with a compare-exchange rather than in a second lock round trip, which costs about as much as
  /// two of them.
  static let lendingLimit = 2
  /// Tokens taken: deliver, then give the tokens back in one lock round trip.
  var reserved: UInt64 = 0
  /// Tokens taken and lent: deliver, then give each back with a compare-exchange.
  var lent: UInt64 = 0
  /// Tokens already held further up this thread's stack: deliver, nothing more.
  var nested: UInt64 = 0
  /// Limited demand: offer through the conduit's own path. Also the subscribers that need no
  /// token (a stream's continuation), which are delivered to at once.
  var limited: UInt64 = 0
}
#endif
