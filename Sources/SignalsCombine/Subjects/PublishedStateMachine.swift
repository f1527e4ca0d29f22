// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// The state of one `@Published` property, as a plain value.
///
/// ``PublishedStorage`` holds it in its `LockedState`, asks it what to do, and acts after unlocking.
/// The machine never locks and never calls out.
///
/// **A set in two halves.** Combine's `@Published` announces a change before it stores it: the
/// object's `objectWillChange` fires, then the new value goes to the `$property` subscribers, and
/// only then does the property hold it, so a subscriber that reads the property sees the old value.
/// Both announcements call out, so they happen between ``beginSet(_:)`` and
/// ``finishSet(_:ticket:notified:)``, outside the lock.
///
/// **Tickets.** Each set takes a ticket (a number that grows with every set). A set stores its value
/// only if no set with a later ticket has stored one already. So the property ends up holding the
/// value of the set that *began* last: a set made from inside a subscriber (a nested set, which
/// begins after the outer one and finishes before it) wins over the outer one, and of several sets
/// racing on different threads, the last to begin wins.
///
/// **Nobody watching.** While no `objectWillChange` is installed and nobody ever subscribed to
/// `$property`, a set has nothing to announce and stores its value at once, in one lock round trip.
struct PublishedStateMachine<Value> {
  /// What ``beginSet(_:)`` asks the storage to do.
  enum BeginSetAction {
    /// Nothing to announce: the new value is stored. Release `previous` after unlocking.
    case stored(previous: Value)
    /// Send `objectWillChange` (if any), then the new value to `subject` (if any), then call
    /// ``finishSet(_:ticket:notified:)`` with `ticket` and `subject`.
    case announce(ticket: UInt64, objectWillChange: ObservableObjectPublisher?, subject: SubjectStorage<Value, Never>?)
  }

  /// What ``finishSet(_:ticket:notified:)`` asks the storage to do.
  struct FinishSetAction {
    /// The value the set replaced, to release after unlocking; `nil` if a later set had already
    /// stored its value, so this one was not stored.
    var previous: Value?
    /// A subject created while the set was announcing (its first subscriber arrived meanwhile) and so
    /// not yet sent the new value: send it now.
    var lateSubject: SubjectStorage<Value, Never>?
  }

  /// The value the property returns: the last one stored.
  private(set) var value: Value
  /// The ticket of the set whose value is stored (0: the initial value).
  private var storedTicket: UInt64 = 0
  /// The ticket of the last set begun.
  private var lastTicket: UInt64 = 0
  /// The subject behind `$property`, created when the first subscriber arrives.
  private(set) var subject: SubjectStorage<Value, Never>?
  /// The enclosing object's `objectWillChange`, installed by its default implementation.
  private(set) var objectWillChange: ObservableObjectPublisher?
  /// The pipelines attached with `assign(to:)`, cancelled when the property goes away.
  private var assigners: ContiguousArray<PublishedSubscriber<Value>> = []

  init(value: Value) {
    self.value = value
  }

  /// A set of `newValue` begins.
  mutating func beginSet(_ newValue: Value) -> BeginSetAction {
    lastTicket += 1
    guard objectWillChange != nil || subject != nil else {
      storedTicket = lastTicket
      return .stored(previous: replaceValue(with: newValue))
    }
    return .announce(ticket: lastTicket, objectWillChange: objectWillChange, subject: subject)
  }

  /// The set of `newValue` holding `ticket` has announced it to `notified` (the subject it was given
  /// by ``beginSet(_:)``).
  mutating func finishSet(_ newValue: Value, ticket: UInt64, notified: SubjectStorage<Value, Never>?)
    -> FinishSetAction
  {
    guard ticket > storedTicket else {
      // A later set stored its value (and announced it) already.
      return FinishSetAction(previous: nil, lateSubject: nil)
    }
    storedTicket = ticket
    let previous = replaceValue(with: newValue)
    let lateSubject = subject === notified ? nil : subject
    return FinishSetAction(previous: previous, lateSubject: lateSubject)
  }

  /// The subject behind `$property`, created (holding the stored value) on first use.
  mutating func subjectCreatingIfNeeded() -> SubjectStorage<Value, Never> {
    if let subject { return subject }
    let subject = SubjectStorage<Value, Never>(currentValue: value)
    self.subject = subject
    return subject
  }

  /// Returns the installed `objectWillChange`, first installing `makePublisher()` if there is none.
  mutating func installObjectWillChange(_ makePublisher: () -> ObservableObjectPublisher)
    -> ObservableObjectPublisher
  {
    if let objectWillChange { return objectWillChange }
    let publisher = makePublisher()
    objectWillChange = publisher
    return publisher
  }

  /// An `assign(to:)` pipeline attached itself.
  mutating func adopt(_ assigner: PublishedSubscriber<Value>) {
    assigners.append(assigner)
  }

  /// An `assign(to:)` pipeline ended; returns it so that it is released after unlocking.
  mutating func remove(_ assigner: PublishedSubscriber<Value>) -> PublishedSubscriber<Value>? {
    guard let index = assigners.firstIndex(where: { $0 === assigner }) else { return nil }
    return assigners.remove(at: index)
  }

  /// The property goes away: every `assign(to:)` pipeline is to be cancelled.
  mutating func takeAssigners() -> ContiguousArray<PublishedSubscriber<Value>> {
    defer { assigners = [] }
    return assigners
  }

  private mutating func replaceValue(with newValue: Value) -> Value {
    let previous = value
    value = newValue
    return previous
  }
}
#endif
