// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
import Testing

@testable import Signals
@testable import SignalsCombine

struct PublishedStateMachineTests {
  @Test func setWithNobodyWatchingStoresAtOnce() {
    var machine = PublishedStateMachine(value: 1)
    guard case .stored(let previous) = machine.beginSet(2) else {
      Issue.record("expected the value to be stored at once")
      return
    }
    #expect(previous == 1)
    #expect(machine.value == 2)
  }

  @Test func setWithSubscribersAnnouncesBeforeStoring() {
    var machine = PublishedStateMachine(value: 1)
    let subject = machine.subjectCreatingIfNeeded()
    guard case .announce(let ticket, let objectWillChange, let notified) = machine.beginSet(2) else {
      Issue.record("expected an announcement")
      return
    }
    #expect(objectWillChange == nil)
    #expect(notified === subject)
    #expect(machine.value == 1)
    let finish = machine.finishSet(2, ticket: ticket, notified: notified)
    #expect(finish.previous == 1)
    #expect(finish.lateSubject == nil)
    #expect(machine.value == 2)
  }

  @Test func setWithObjectWillChangeAnnouncesIt() {
    var machine = PublishedStateMachine(value: "a")
    let installed = machine.installObjectWillChange { ObservableObjectPublisher() }
    guard case .announce(_, let objectWillChange, let subject) = machine.beginSet("b") else {
      Issue.record("expected an announcement")
      return
    }
    #expect(objectWillChange === installed)
    #expect(subject == nil)
  }

  @Test func laterSetWinsOverAnEarlierOneThatFinishesLast() {
    var machine = PublishedStateMachine(value: 0)
    _ = machine.subjectCreatingIfNeeded()
    guard case .announce(let outer, _, let subject) = machine.beginSet(11),
      case .announce(let nested, _, _) = machine.beginSet(10)
    else {
      Issue.record("expected announcements")
      return
    }
    #expect(machine.finishSet(10, ticket: nested, notified: subject).previous == 0)
    #expect(machine.finishSet(11, ticket: outer, notified: subject).previous == nil)
    #expect(machine.value == 10)
  }

  @Test func subjectCreatedDuringASetIsSentTheValueLate() {
    var machine = PublishedStateMachine(value: 0)
    _ = machine.installObjectWillChange { ObservableObjectPublisher() }
    guard case .announce(let ticket, _, let notified) = machine.beginSet(5) else {
      Issue.record("expected an announcement")
      return
    }
    #expect(notified == nil)
    let subject = machine.subjectCreatingIfNeeded()
    let finish = machine.finishSet(5, ticket: ticket, notified: notified)
    #expect(finish.lateSubject === subject)
    #expect(machine.value == 5)
  }

  @Test func installObjectWillChangeKeepsTheFirstPublisher() {
    var machine = PublishedStateMachine(value: 0)
    let first = machine.installObjectWillChange { ObservableObjectPublisher() }
    let second = machine.installObjectWillChange { ObservableObjectPublisher() }
    #expect(first === second)
    #expect(machine.objectWillChange === first)
  }

  @Test func subjectIsCreatedOnceWithTheStoredValue() {
    var machine = PublishedStateMachine(value: 3)
    let first = machine.subjectCreatingIfNeeded()
    let second = machine.subjectCreatingIfNeeded()
    #expect(first === second)
    #expect(first.currentValue == 3)
  }

  @Test func assignersAreKeptUntilRemovedOrTaken() {
    let storage = PublishedStorage(0)
    let first = PublishedSubscriber(storage)
    let second = PublishedSubscriber(storage)
    var machine = PublishedStateMachine(value: 0)
    machine.adopt(first)
    machine.adopt(second)
    #expect(machine.remove(first) === first)
    #expect(machine.remove(first) == nil)
    let taken = machine.takeAssigners()
    #expect(taken.count == 1 && taken[0] === second)
    #expect(machine.takeAssigners().isEmpty)
  }
}
#endif
