// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport

/// The decisions of ``Swift/Collection/combineLatest()`` and ``Swift/Collection/zip()``: any
/// number of inputs of one type, whose values become arrays, free of locks and subscribers.
///
/// ``CollectionCombiningStorage`` asks it under its lock and acts after unlocking. The machine
/// keeps each input's phase and values (its latest value, or the queue of values not yet zipped),
/// the subscriber's demand, and a ``SerialBacklog`` token whose backlog holds the arrays made
/// while another caller delivers. An array is made only when there is demand for it, which it
/// takes at once.
///
/// Demand: each request is passed on to every input that is subscribed (`combineLatest` stops
/// passing it on once it is unlimited), and an input subscribed later is asked for everything
/// requested so far. `zip` returns what is requested while an input's value is being handled from
/// that input's `receive(_:)` instead of requesting it, as Combine's zip does.
///
/// Completion: `combineLatest` finishes once every input has finished, `zip` once a finished
/// input has no value left to pair; the first failure ends both at once, cancelling every input
/// (the failed one too, as Combine does). Arrays already made are delivered before the completion.
struct CollectionCombiningStateMachine<Value, Failure: Error> {
  /// How values become arrays.
  enum Mode {
    /// Every input's latest value, each time an input sends once all have one.
    case combineLatest
    /// The oldest unused value of every input, once each has one.
    case zip
  }

  /// Where one input stands with its upstream.
  private enum InputPhase {
    /// Not subscribed yet.
    case awaitingSubscription
    /// Subscribed; requests and cancellation go to this subscription.
    case active(any Subscription)
    /// The upstream finished, or the operator ended.
    case finished
  }

  /// What to do with a new upstream subscription.
  enum SubscriptionAction {
    /// Keep it, and request this much from it unless it is `.none`.
    case request(Subscribers.Demand)
    /// A second subscription for the input, or one after the end: cancel it.
    case cancel
  }

  /// What the storage does after a locked step, once it has unlocked.
  struct Effects {
    /// Who delivers next.
    var start = SerialBacklog<[Value], Failure>.Start.none
    /// Subscriptions to cancel, in order: a failed input's first, then the others by index.
    var cancel: [any Subscription] = []
    /// Demand to pass on to the inputs (see ``CollectionCombiningStateMachine/requestTarget(at:demand:)``).
    var upstreamDemand = Subscribers.Demand.none
    /// What the step took out of the machine — a displaced latest value, the values of an ended
    /// operator, a finished input's subscription — held only to be released after unlocking.
    var released = Released()
  }

  /// What a step took out of the machine, to release after unlocking.
  struct Released {
    /// `combineLatest`: the latest value a new one replaced.
    var value: Value?
    /// The latest values of an ended `combineLatest`.
    var latest: ContiguousArray<Value?> = []
    /// The values an ended `zip` had not paired.
    var queues: ContiguousArray<ValueQueue<Value>> = []
    /// The arrays that waited for the token holder when the subscriber cancelled.
    var outputs: ContiguousArray<[Value]?>?
    /// The subscription of an input that finished.
    var subscription: (any Subscription)?
  }

  let mode: Mode
  private var phases: ContiguousArray<InputPhase>
  /// `combineLatest`: each input's latest value.
  private var latest: ContiguousArray<Value?> = []
  /// `zip`: each input's values not yet zipped, oldest first.
  private var queues: ContiguousArray<ValueQueue<Value>> = []
  /// How many inputs hold no value, so the per-value checks need no scan.
  private var emptyInputs: Int
  /// How many inputs finished.
  private var finishedInputs = 0
  /// `combineLatest`: a value arrived with demand and every input has a value: one array is due.
  private var hasFreshCombination = false
  /// Arrays the subscriber may still receive, not counting those already made.
  private(set) var demand = Subscribers.Demand.none
  /// Everything requested so far; an input subscribed late is asked for it.
  private var requestedSoFar = Subscribers.Demand.none
  /// `zip`: how many calls of each input's `receive(_:)` are under way (more than one means
  /// re-entrant), and the demand owed to each, which that call returns instead of a request.
  private var receiving: ContiguousArray<Int> = []
  private var owedReturn: ContiguousArray<Subscribers.Demand> = []
  /// A completion was decided, or the subscriber cancelled.
  private(set) var hasEnded = false
  private var delivery = SerialBacklog<[Value], Failure>()

  /// A machine for `count` inputs; the subscribing caller holds the delivery token until it asks
  /// for ``nextDelivery(adding:)``.
  init(mode: Mode, count: Int) {
    self.mode = mode
    phases = ContiguousArray(repeating: .awaitingSubscription, count: count)
    emptyInputs = count
    switch mode {
    case .combineLatest:
      latest = ContiguousArray(repeating: nil, count: count)
    case .zip:
      queues = ContiguousArray(repeating: ValueQueue(), count: count)
      receiving = ContiguousArray(repeating: 0, count: count)
      owedReturn = ContiguousArray(repeating: .none, count: count)
    }
    if count == 0 {
      // No inputs: nothing will ever be sent, and every input (none) has finished.
      hasEnded = true
      delivery.complete(.finished)
    }
  }

  /// The number of inputs.
  var count: Int { phases.count }

  // MARK: Upstream events

  /// Input `index` received its subscription.
  mutating func receivedSubscription(_ subscription: any Subscription, at index: Int) -> SubscriptionAction {
    guard !hasEnded, case .awaitingSubscription = phases[index] else { return .cancel }
    phases[index] = .active(subscription)
    return .request(requestedSoFar)
  }

  /// Input `index` sent `value`: keeps it and makes the arrays it allows. Returns `nil` when it
  /// drops the value instead: the operator ended, or the input is not subscribed.
  mutating func receivedValue(_ value: Value, at index: Int) -> Effects? {
    guard !hasEnded, case .active = phases[index] else { return nil }
    var effects = Effects()
    switch mode {
    case .combineLatest:
      if latest[index] == nil { emptyInputs -= 1 }
      effects.released.value = latest[index]
      latest[index] = value
      if demand > 0, emptyInputs == 0 { hasFreshCombination = true }
    case .zip:
      if queues[index].isEmpty { emptyInputs -= 1 }
      queues[index].append(value)
      receiving[index] += 1
    }
    effects.start = makeOutputs()
    endIfDrained(into: &effects)
    settle(&effects)
    return effects
  }

  /// `zip`: the call of input `index`'s `receive(_:)` whose value ``receivedValue(_:at:)`` kept is
  /// returning; returns the demand requested meanwhile, owed to that input.
  mutating func finishedReceiving(at index: Int) -> Subscribers.Demand {
    guard mode == .zip else { return .none }
    receiving[index] -= 1
    guard receiving[index] == 0 else { return .none }
    defer { owedReturn[index] = .none }
    return owedReturn[index]
  }

  /// Input `index` completed.
  mutating func receivedCompletion(_ completion: Subscribers.Completion<Failure>, at index: Int) -> Effects {
    var effects = Effects()
    guard !hasEnded else { return effects }
    switch completion {
    case .failure:
      // The first failure ends everything, the failed input's subscription cancelled too.
      var failed: (any Subscription)?
      if case .active(let subscription) = phases[index] { failed = subscription }
      markFinished(index)
      effects.cancel = takeSubscriptions()
      if let failed { effects.cancel.insert(failed, at: 0) }
      end(with: completion, into: &effects)
    case .finished:
      // An input that is not subscribed ends nothing.
      guard case .active(let subscription) = phases[index] else { break }
      effects.released.subscription = subscription
      markFinished(index)
      if shouldFinish() {
        effects.cancel = takeSubscriptions()
        end(with: .finished, into: &effects)
      }
    }
    effects.start = delivery.claim()
    return effects
  }

  // MARK: Downstream events

  /// The subscriber asked for `additional` more arrays.
  mutating func requested(_ additional: Subscribers.Demand) -> Effects {
    var effects = Effects()
    effects.upstreamDemand = addDemand(additional)
    effects.start = makeOutputs()
    endIfDrained(into: &effects)
    settle(&effects)
    return effects
  }

  /// Where to send `demand` for input `index`: its subscription while it is active and the
  /// operator runs, else `nil`. `zip` keeps it, owed, while that input's value is being handled.
  mutating func requestTarget(at index: Int, demand: Subscribers.Demand) -> (any Subscription)? {
    if mode == .zip, !receiving.isEmpty, receiving[index] > 0 {
      owedReturn[index] += demand
      return nil
    }
    guard !hasEnded, case .active(let subscription) = phases[index] else { return nil }
    return subscription
  }

  /// The token holder delivered an array and the subscriber returned `returned`: adds it, makes the
  /// arrays it allows, and says what to deliver next (``SerialBacklog/Next/none`` gives the token
  /// back).
  mutating func nextDelivery(
    adding returned: Subscribers.Demand
  ) -> (next: SerialBacklog<[Value], Failure>.Next, effects: Effects) {
    var effects = Effects()
    effects.upstreamDemand = addDemand(returned)
    _ = makeOutputs()
    endIfDrained(into: &effects)
    return (delivery.next(), effects)
  }

  /// The subscriber cancelled: cancels every subscribed input and drops what waits, even a
  /// completion already decided.
  mutating func cancelled() -> Effects {
    var effects = Effects()
    guard let dropped = delivery.cancel() else { return effects }
    hasEnded = true
    effects.cancel = takeSubscriptions()
    effects.released.outputs = dropped
    takeValues(into: &effects)
    return effects
  }

  // MARK: Helpers

  /// Adds demand from the subscriber; returns what to pass on to the inputs.
  private mutating func addDemand(_ additional: Subscribers.Demand) -> Subscribers.Demand {
    guard additional > 0, !hasEnded else { return .none }
    let wasUnlimited = demand == .unlimited
    demand += additional
    requestedSoFar += additional
    switch mode {
    case .zip:
      // As Combine's zip, every request reaches the inputs, even once unlimited.
      return additional
    case .combineLatest:
      return wasUnlimited ? .none : additional
    }
  }

  /// Makes every array the values and the demand allow; the first may go to the caller with the
  /// token (the returned start), the others wait in the backlog.
  private mutating func makeOutputs() -> SerialBacklog<[Value], Failure>.Start {
    var start = SerialBacklog<[Value], Failure>.Start.none
    while !hasEnded, demand > 0, let output = takeOutput() {
      demand -= 1
      let made = delivery.made(output)
      if case .none = start { start = made }
    }
    return start
  }

  /// The next array, if one is due.
  private mutating func takeOutput() -> [Value]? {
    switch mode {
    case .combineLatest:
      guard hasFreshCombination else { return nil }
      hasFreshCombination = false
      return latest.map { $0! }
    case .zip:
      guard !queues.isEmpty, emptyInputs == 0 else { return nil }
      var output: [Value] = []
      output.reserveCapacity(queues.count)
      for index in queues.indices {
        output.append(queues[index].popFirst()!)
        if queues[index].isEmpty { emptyInputs += 1 }
      }
      return output
    }
  }

  /// `zip`: ends the operator once a finished input has nothing left to pair.
  private mutating func endIfDrained(into effects: inout Effects) {
    guard !hasEnded, mode == .zip, shouldFinish() else { return }
    effects.cancel = takeSubscriptions()
    end(with: .finished, into: &effects)
  }

  /// Takes the token for what waits (a completion just decided), unless this caller already
  /// delivers.
  private mutating func settle(_ effects: inout Effects) {
    if case .none = effects.start { effects.start = delivery.claim() }
  }

  /// Whether the operator finishes now, from the inputs that finished and what they still hold.
  private func shouldFinish() -> Bool {
    switch mode {
    case .combineLatest:
      return finishedInputs == phases.count
    case .zip:
      guard finishedInputs > 0 else { return false }
      return phases.indices.contains { index in
        if case .finished = phases[index] { return queues[index].isEmpty }
        return false
      }
    }
  }

  private mutating func end(with completion: Subscribers.Completion<Failure>, into effects: inout Effects) {
    hasEnded = true
    hasFreshCombination = false
    delivery.complete(completion)
    takeValues(into: &effects)
  }

  /// Moves out the values of an ended operator, for release after unlocking.
  private mutating func takeValues(into effects: inout Effects) {
    effects.released.latest = latest
    effects.released.queues = queues
    latest = []
    queues = []
  }

  private mutating func markFinished(_ index: Int) {
    if case .finished = phases[index] { return }
    finishedInputs += 1
    phases[index] = .finished
  }

  /// Every active subscription, in input order, leaving every input finished.
  private mutating func takeSubscriptions() -> [any Subscription] {
    var taken: [any Subscription] = []
    for index in phases.indices {
      if case .active(let subscription) = phases[index] { taken.append(subscription) }
      markFinished(index)
    }
    return taken
  }
}
