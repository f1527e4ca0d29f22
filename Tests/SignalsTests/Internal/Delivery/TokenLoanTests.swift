// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
@_spi(Signals) import SignalsSupport
import Testing

@testable import SignalsCombine

/// The rules of a token lent on the send fast path (see `TokenLoan`'s doc), each once, and the
/// layout every class that keeps a loan byte must have.
struct TokenLoanTests {
  /// An owner as `TokenLoan` needs it: a root class whose first stored property is the loan byte.
  final class Owner: @unchecked Sendable {
    // Safety: `delivery` is read and written only under the test's lock (or by one thread before
    // it shares the owner), and the loan byte only through `TokenLoan`'s atomic operations.
    var loanByte = TokenLoan.initialByte
    var delivery = SerialDelivery(.nested)
  }

  let holder = ThreadIdentity(rawValue: 1)
  let other = ThreadIdentity(rawValue: 2)

  @Test func aLoanGivenBackUntouchedIsSettledByTheNextAccessAsIfGivenBackUnderTheLock() {
    let owner = Owner()
    #expect(owner.delivery.enter(on: holder) == .deliver)
    TokenLoan.lend(in: owner)
    #expect(TokenLoan.giveBack(in: owner))
    // The primitive still names the holder until the next access settles the loan.
    #expect(owner.delivery.isDelivering)
    TokenLoan.prepare(&owner.delivery, in: owner)
    #expect(!owner.delivery.isDelivering)
    #expect(owner.delivery.enter(on: other) == .deliver)
  }

  @Test func anAccessWhileLentMakesTheHolderFinishUnderTheLock() {
    let owner = Owner()
    #expect(owner.delivery.enter(on: holder) == .deliver)
    TokenLoan.lend(in: owner)
    // Another thread, under the lock: its delivery is owed by the holder.
    TokenLoan.prepare(&owner.delivery, in: owner)
    #expect(owner.delivery.enter(on: other) == .queued)
    #expect(!TokenLoan.giveBack(in: owner))
    // The holder, under the lock: what the other thread asked for is still there.
    TokenLoan.prepare(&owner.delivery, in: owner)
    #expect(owner.delivery.next() == .deliver)
    #expect(owner.delivery.next() == .none)
    #expect(!owner.delivery.isDelivering)
  }

  @Test func theHoldersOwnNestedAccessAlsoSendsItUnderTheLock() {
    let owner = Owner()
    #expect(owner.delivery.enter(on: holder) == .deliver)
    TokenLoan.lend(in: owner)
    // A cancel from inside the holder's own delivery.
    TokenLoan.prepare(&owner.delivery, in: owner)
    #expect(owner.delivery.close(on: holder) == .closedUnderCaller)
    #expect(!TokenLoan.giveBack(in: owner))
    TokenLoan.prepare(&owner.delivery, in: owner)
    #expect(owner.delivery.next() == .none)
  }

  @Test func aLoanToldToFinishStaysOutstandingUntilItsHolderFinishedUnderTheLock() {
    let owner = Owner()
    #expect(owner.delivery.enter(on: holder) == .deliver)
    TokenLoan.lend(in: owner)
    #expect(!TokenLoan.isOutstanding(in: owner), "lent, but not told to finish")
    TokenLoan.prepare(&owner.delivery, in: owner)
    #expect(TokenLoan.isOutstanding(in: owner))
    #expect(!TokenLoan.giveBack(in: owner))
    // The holder, under the lock, delivers once more: still outstanding.
    TokenLoan.prepare(&owner.delivery, in: owner)
    #expect(TokenLoan.isOutstanding(in: owner))
    #expect(owner.delivery.next() == .none)
    #expect(TokenLoan.finishedUnderLock(in: owner))
    #expect(!TokenLoan.isOutstanding(in: owner))
    #expect(!TokenLoan.finishedUnderLock(in: owner), "once")
    // A loan given back untouched was never outstanding.
    #expect(owner.delivery.enter(on: holder) == .deliver)
    TokenLoan.lend(in: owner)
    #expect(TokenLoan.giveBack(in: owner))
    TokenLoan.prepare(&owner.delivery, in: owner)
    #expect(!TokenLoan.isOutstanding(in: owner))
  }

  @Test func withNoLoanOutstandingPreparingChangesNothing() {
    let owner = Owner()
    TokenLoan.prepare(&owner.delivery, in: owner)
    #expect(owner.delivery == SerialDelivery(.nested))
    #expect(owner.delivery.enter(on: holder) == .deliver)
    TokenLoan.prepare(&owner.delivery, in: owner)
    #expect(owner.delivery.isDelivering)
    // A token taken without a loan is not given back by a compare-exchange.
    #expect(!TokenLoan.giveBack(in: owner))
    #expect(owner.delivery.next() == .none)
    // After a failed give-back, the next loan starts afresh.
    #expect(owner.delivery.enter(on: holder) == .deliver)
    TokenLoan.lend(in: owner)
    #expect(TokenLoan.giveBack(in: owner))
  }

  /// The give-back and another thread's access race; exactly one of them wins, every time: either
  /// the loan was given back and the access settles it (and may take the token), or the access
  /// came first and the holder finishes under the lock with the access's delivery owed.
  @Test func aGiveBackRacingAnAccessEitherSettlesOrSendsTheHolderUnderTheLock() async {
    for _ in 0..<2_000 {
      let owner = Owner()
      let lock = LockedState.make(())
      lock.withLock { _ in
        #expect(owner.delivery.enter(on: holder) == .deliver)
        TokenLoan.lend(in: owner)
      }
      let other = other
      async let access: SerialDelivery.Entry = lock.withLock { _ in
        TokenLoan.prepare(&owner.delivery, in: owner)
        return owner.delivery.enter(on: other)
      }
      let gaveBack = TokenLoan.giveBack(in: owner)
      let entry = await access
      let next = lock.withLock { _ -> SerialDelivery.Next? in
        guard !gaveBack else { return nil }
        TokenLoan.prepare(&owner.delivery, in: owner)
        return owner.delivery.next()
      }
      if gaveBack {
        // Given back before the access: the access settled the loan and took the token.
        #expect(entry == .deliver)
      } else {
        #expect(entry == .queued)
        #expect(next == .deliver)
      }
    }
  }

  /// Every class that keeps a loan byte keeps it first, where `Atomic`'s leading-byte operations
  /// reach it.
  @Test func aSubjectConduitKeepsItsLoanByteFirst() {
    let subject = PassthroughSubject<Int, Never>()
    let probe = SubjectConduit<Int, Never>(
      storage: subject.storage, owner: subject, start: .askingForEverything)
    Atomic.storeLeadingByte(of: probe, 0x5A)
    #expect(probe.loanByte == 0x5A)
    #expect(Atomic.loadLeadingByte(of: probe) == 0x5A)
    let owner = Owner()
    Atomic.storeLeadingByte(of: owner, 0xA5)
    #expect(owner.loanByte == 0xA5)
  }
}
#endif
