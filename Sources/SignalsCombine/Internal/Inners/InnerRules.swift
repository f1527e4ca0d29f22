// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// What separates one operator inner from another, as a value: how it checks upstream's values,
/// what it does with events that come before its subscription, what it asks upstream for, and how
/// it ends. ``OperatorInner`` reads it on every event; an operator picks one of the presets below
/// (and adjusts a field where Combine's operator differs).
///
/// Every inner follows one phase vocabulary, ``UpstreamLink/Phase``: awaiting its subscription,
/// subscribed, terminal.
struct InnerRules: Equatable {
  /// How the inner checks a value from upstream before its step sees it.
  enum Values: Equatable {
    /// Every value goes to the step, whatever the phase and the demand: the operator adds no
    /// check of its own (`tryMap`, `handleEvents`, `print`, `output(in:)`, `encode`).
    case unchecked
    /// A value goes to the step while the link is subscribed; the demand is not counted, it passes
    /// straight through to upstream. Behind an upstream that keeps the contract, the check is
    /// left out: such an upstream sends nothing outside the subscription.
    case checked
    /// A value goes to the step while the link is subscribed, with one unit of downstream's
    /// demand reserved for it (``UpstreamLink/Admission``), so the inner can hold a final value
    /// for demand.
    case counted
  }

  /// What a value or completion that arrives before the subscription does.
  enum EarlyEvents: Equatable {
    /// It stops the process with a message that names the violation; a cancel before the
    /// subscription ends the inner, which then cancels the subscription when it arrives.
    case trap
    /// It is ignored, and so is a cancel before the subscription: the inner stays open to it.
    case ignore
  }

  /// What the inner asks upstream for.
  enum UpstreamDemand: Equatable {
    /// What downstream asks for, passed on as it comes.
    case forwarded
    /// `.unlimited`, once subscribed; downstream's requests only release a final value.
    case unlimited
    /// `.unlimited` once subscribed, and downstream's requests passed on as well (`replaceEmpty`).
    case unlimitedAndForwarded
  }

  /// How upstream's values are checked.
  var values: Values
  /// What events before the subscription do.
  var early = EarlyEvents.ignore
  /// What the inner asks upstream for.
  var upstreamDemand = UpstreamDemand.forwarded
  /// Whether a request for zero values stops the process (it breaks the contract).
  var trapsZeroDemand = false
  /// Whether a completion from upstream ends the link (every operator but `tryScan`, which stays
  /// open and forwards what follows).
  var completionEnds = true
  /// Whether an error thrown after the end still fails downstream (`tryMap`), or is ignored.
  var throwAfterEndFails = false
  /// Whether `.finished` from upstream first sends the operator's answer
  /// (``OperatorInner/finalValue()``), once downstream asked for it (the reducing operators).
  var answersOnFinish = false

  /// `tryMap`, `output(in:)`, `handleEvents`, `print`, `encode` and `decode`: every event passes,
  /// unchecked, and a throw after the end fails downstream again.
  static var passing: InnerRules { InnerRules(values: .unchecked, throwAfterEndFails: true) }

  /// `tryFilter`, `tryCompactMap`, `removeDuplicates`, `prefix(while:)` and their `try` twins:
  /// values are checked, events before the subscription and zero demand stop the process.
  static var filtering: InnerRules { InnerRules(values: .checked, early: .trap, trapsZeroDemand: true) }

  /// `drop(while:)`: as ``filtering``, but events before the subscription are ignored.
  static var dropping: InnerRules { InnerRules(values: .checked, trapsZeroDemand: true) }

  /// `collect()`, `reduce`, `count`, `min`, `first`, `contains` …: asks for `.unlimited`, folds
  /// every value, and answers once, when known and asked for.
  static var reducing: InnerRules { InnerRules(values: .checked, upstreamDemand: .unlimited, answersOnFinish: true) }

  /// `replaceError`: counts every value against downstream's demand, so that its replacement
  /// waits for demand.
  static var replacing: InnerRules { InnerRules(values: .counted) }

  /// Whether an inner with these rules keeps the contract towards its own subscriber (see
  /// ``ContractKeepingSubscription``): it counts every value and asks upstream only for what
  /// downstream asked for.
  var keepsContract: Bool { values == .counted && upstreamDemand == .forwarded }
}

/// How an ``OperatorInner`` ends when upstream completes.
enum CompletingStep<Failure: Error> {
  /// Forward this completion downstream, with no last value.
  case complete(Subscribers.Completion<Failure>)
  /// Send ``OperatorInner/finalValue()`` as soon as downstream has demand for it, then `.finished`.
  case finishWithFinalValue
}
#endif
