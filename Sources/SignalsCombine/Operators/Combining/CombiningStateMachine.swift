// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
@_spi(Signals) import SignalsSupport
/// The decisions of `combineLatest`, `zip`, `merge` and `MergeMany` (and so of `SignalsExt`'s
/// collection `merge()`), free of locks, subscribers and values. `SignalsExt`'s collection
/// `combineLatest()`/`zip()` and `withLatestFrom` have machines of their own there.
///
/// The machine knows how many inputs there are (any number), how many values each input holds,
/// which inputs finished, the downstream demand and how many outputs wait to be delivered; the
/// values themselves sit in typed per-input rings next to it, which the storage reads as the
/// machine's ``CombiningTake``s tell it, and the outputs waiting for the token holder sit in the
/// storage's backlog, in the order the machine counted them.
///
/// It is not generic, on purpose: clients run the operators unspecialised, where every generic
/// type the lock's state or an action mentions costs a run-time metadata lookup per call. Values,
/// outputs and the failure stay with the storage; the machine decides with indices, counts and
/// flags.
///
/// **Serial delivery without holding a lock.** Through the one primitive, ``SerialDelivery``, with
/// the queued rule: one thread at a time holds the token and is the only one that calls the
/// subscriber. Outputs and the completion made while the token is taken — by another thread, or by
/// the holder itself from inside `receive(_:)` — wait in the backlog and as the token's ending,
/// and the holder delivers them before it gives the token back (``nextDelivery()``). The thread that subscribes holds the token
/// until the subscriber has its subscription, so nothing reaches the subscriber before it.
struct CombiningStateMachine {
  /// Where one input stands with its upstream.
  private enum InputPhase {
    /// Not subscribed yet.
    case awaitingSubscription
    /// Subscribed; requests and cancellation go to this subscription.
    case active(any Subscription)
    /// The upstream finished.
    case finished

    var isFinished: Bool {
      if case .finished = self { return true }
      return false
    }
  }

  /// What the machine counts for one input: plain values, kept for all inputs in one array (one
  /// allocation, cheap to read; the phases, which hold subscriptions, sit apart).
  private struct Input {
    /// How many values the input's ring holds: 0 or 1 for a latest value or a merge buffer, the
    /// queue length for `zip`.
    var held = 0
    /// `merge`: the input's buffered value was taken by a request; it is owed a `.max(1)`.
    var owesRefill = false
    /// `zip`: how many calls of the input's `receive(_:)` are under way.
    var receiving = 0
    /// `zip`: demand asked for while such a call was under way, which that call returns.
    var owedReturn = Subscribers.Demand.none
  }

  let strategy: CombiningStrategy
  /// Where each input stands with its upstream.
  private var phases: ContiguousArray<InputPhase>
  /// What the machine counts for each input.
  private var inputs: ContiguousArray<Input>
  /// How many inputs hold no value (their `held` is 0), so the per-value checks need no scan.
  private var emptyInputs: Int
  /// How many inputs finished.
  private var finishedInputs = 0
  /// `merge`: the input that stored a value last, looked at first for the next output.
  private var lastStored = 0
  /// `merge`: how many inputs are owed a refill (their `owesRefill` is set), so asking needs no scan.
  private var owedRefills = 0
  /// `combineLatest`: a value arrived with demand and a full set of latest values; emit once.
  private var hasFreshCombination = false
  /// `merge`: where the next scan for buffered values starts, so no input is favoured.
  private var nextMergeSlot = 0
  /// Values the subscriber may still receive (not counting outputs already made).
  private(set) var demand = Subscribers.Demand.none
  /// Everything requested from the subscriber so far; a late `combineLatest`/`zip` subscription is
  /// asked for it.
  private var requestedSoFar = Subscribers.Demand.none
  /// Who delivers (the one primitive, queued rule), how many outputs wait in the storage's
  /// backlog for the holder, and the lifecycle: running, a completion decided and waiting for the
  /// holder (the token's ending), ended. The subscribing caller starts out holding the token.
  private var token = SerialDelivery(.queued)
  /// How the operator ends, once decided; a failure's error is kept by the storage.
  private var ending: Ending?

  /// A machine for `count` inputs; the subscribing thread holds the token until it asks for
  /// ``nextDelivery()`` after handing the subscriber its subscription.
  init(strategy: CombiningStrategy, count: Int) {
    self.strategy = strategy
    phases = ContiguousArray(repeating: .awaitingSubscription, count: count)
    inputs = ContiguousArray(repeating: Input(), count: count)
    emptyInputs = count
    if count == 0 {
      // No inputs: nothing will ever be sent, and every input (none) has finished.
      ending = .finished
      _ = token.markEnding()
    }
    _ = token.acquire()
  }

  /// Whether the operator is over (completed or cancelled).
  var isTerminal: Bool { token.closed }

  /// Whether a completion is decided or delivered, or the subscriber cancelled.
  var hasEnded: Bool { token.hasEnded }

  /// How many outputs wait in the storage's backlog for the token holder.
  var backlogCount: Int { token.backlog }

  /// The number of inputs.
  var count: Int { inputs.count }

  // MARK: Upstream events

  /// Input `index` received its subscription.
  mutating func receivedSubscription(_ subscription: any Subscription, at index: Int) -> SubscriptionAction {
    guard !hasEnded, case .awaitingSubscription = phases[index] else { return .cancel }
    phases[index] = .active(subscription)
    switch strategy {
    case .combineLatest, .zip:
      return .request(requestedSoFar)
    case .merge:
      return .request(demand == .unlimited ? .unlimited : .max(1))
    }
  }

  /// Input `index` sent a value; decides whether to keep it, or (`merge`) to deliver it at once.
  mutating func receivedValue(at index: Int) -> ValueAction {
    guard !hasEnded, case .active = phases[index] else { return .drop }
    if strategy == .merge, token.backlog == 0, emptyInputs == inputs.count, demand > 0, token.acquire() {
      // Nothing waits anywhere and the token was free: the value is the next output, and this
      // thread delivers it as it is, without a trip through the input's buffer. Under limited
      // demand the input is asked for one more right away, as a taken buffered value would be.
      lastStored = index
      if demand == .unlimited { return .deliver(returning: .none) }
      demand -= 1
      return .deliver(returning: .max(1))
    }
    switch strategy {
    case .combineLatest:
      setHeld(1, at: index)
      if demand > 0, emptyInputs == 0 { hasFreshCombination = true }
      return .store
    case .zip:
      setHeld(inputs[index].held + 1, at: index)
      return .store
    case .merge:
      if demand == .none && inputs[index].held > 0 { return .drop }
      setHeld(1, at: index)
      lastStored = index
      return .store
    }
  }

  /// After a value of input `index` was stored and its outputs made: what to return upstream.
  mutating func storedValue(at index: Int) -> ValueOutcome {
    var outcome = ValueOutcome()
    if strategy == .merge, inputs[index].owesRefill {
      clearRefill(index)
      outcome.upstreamDemand = .max(1)
    }
    return outcome
  }

  /// Input `index` completed; `outcome.ended` with `.failed` means the storage keeps the error.
  mutating func receivedCompletion(_ ending: Ending, at index: Int) -> CompletionOutcome {
    var outcome = CompletionOutcome()
    guard !hasEnded else { return outcome }
    switch ending {
    case .failed:
      // The first failure ends everything; outputs already made are still delivered before it.
      // As in Combine, zip and combineLatest cancel the failed input's subscription too.
      var failed: (any Subscription)?
      if case .active(let subscription) = phases[index] { failed = subscription }
      markFinished(index)
      outcome.cancel = takeSubscriptions()
      if strategy == .zip || strategy == .combineLatest, let failed {
        outcome.cancel.insert(failed, at: 0)
      } else {
        outcome.released = failed
      }
      end(with: .failed, into: &outcome)
    case .finished:
      guard case .active(let subscription) = phases[index] else { return outcome }
      outcome.released = subscription
      markFinished(index)
      if shouldFinish() {
        outcome.cancel = takeSubscriptions()
        end(with: .finished, into: &outcome)
      }
    }
    return outcome
  }

  /// The next output to make from the buffered values, reserving one unit of demand for it; `nil`
  /// when none can be made now. The storage calls it until it returns `nil`.
  mutating func nextTake() -> CombiningTake? {
    guard !hasEnded, demand > 0 else { return nil }
    switch strategy {
    case .combineLatest:
      guard hasFreshCombination else { return nil }
      hasFreshCombination = false
      demand -= 1
      return .latest
    case .zip:
      guard !inputs.isEmpty, emptyInputs == 0 else { return nil }
      for index in inputs.indices { setHeld(inputs[index].held - 1, at: index) }
      demand -= 1
      return .heads
    case .merge:
      guard emptyInputs < inputs.count else { return nil }
      // While demand keeps up, the one value held is the one just stored: take it without a scan.
      // Otherwise scan in input order from after the previous scan's pick, so no input is favoured.
      let start = emptyInputs == inputs.count - 1 && inputs[lastStored].held > 0 ? lastStored : nextMergeSlot
      for offset in 0..<inputs.count {
        let index = (start + offset) % inputs.count
        guard inputs[index].held > 0 else { continue }
        setHeld(0, at: index)
        if index != lastStored { nextMergeSlot = (index + 1) % inputs.count }
        if demand != .unlimited, case .active = phases[index], !inputs[index].owesRefill {
          inputs[index].owesRefill = true
          owedRefills += 1
        }
        demand -= 1
        return .slot(index)
      }
      return nil
    }
  }

  /// After the outputs of an event were made: checks whether the operator can finish now that
  /// buffers emptied (`zip`, `merge`). Returns the subscriptions to cancel if it finished.
  mutating func finishIfDrained() -> [any Subscription]? {
    guard !hasEnded, strategy == .zip || strategy == .merge, shouldFinish() else { return nil }
    var outcome = CompletionOutcome()
    outcome.cancel = takeSubscriptions()
    end(with: .finished, into: &outcome)
    return outcome.cancel
  }

  /// `merge`: whether input `index` is owed a `.max(1)` (its buffered value went downstream);
  /// returns its subscription and clears the debt (a debt of an input that finished, or of an
  /// operator that ended, is cleared too: it can never be paid).
  mutating func takeRefill(_ index: Int) -> (any Subscription)? {
    guard inputs[index].owesRefill else { return nil }
    clearRefill(index)
    guard !hasEnded, case .active(let subscription) = phases[index] else { return nil }
    return subscription
  }

  /// Where a request of `demand` for input `index` goes: the input's subscription, while it is
  /// active and the operator runs; or nowhere while (`zip`) a call of the input's `receive(_:)`
  /// is under way: that call returns the demand instead, as Combine's zip does.
  mutating func subscription(at index: Int, requesting demand: Subscribers.Demand) -> (any Subscription)? {
    guard inputs[index].receiving == 0 else {
      inputs[index].owedReturn += demand
      return nil
    }
    guard !hasEnded, case .active(let subscription) = phases[index] else { return nil }
    return subscription
  }

  /// `zip`: a call of input `index`'s `receive(_:)` stored its value (each input's calls are
  /// serialised, so more than one under way means re-entrant).
  mutating func beganReceiving(at index: Int) {
    inputs[index].receiving += 1
  }

  /// `zip`: that call is about to return; the demand it returns besides its own, once no other
  /// call of the input is under way (see ``subscription(at:requesting:)``).
  mutating func endedReceiving(at index: Int) -> Subscribers.Demand {
    inputs[index].receiving -= 1
    guard inputs[index].receiving == 0 else { return .none }
    defer { inputs[index].owedReturn = .none }
    return inputs[index].owedReturn
  }

  // MARK: Outputs and delivery

  /// An output was made; decides who delivers it: this thread at once (`.deliver`), or the
  /// token holder from the backlog (any other answer: the storage appends the output to it).
  mutating func madeOutput() -> DeliveryStart {
    if token.isDelivering || token.backlog > 0 {
      return token.owe() ? .drain : .none
    }
    _ = token.acquire()
    return .deliver
  }

  /// Called after every event: takes the token if something waits to be delivered and nobody
  /// delivers it.
  mutating func claimToken() -> DeliveryStart {
    token.claim() ? .drain : .none
  }

  /// Adds demand from the subscriber (a request, or what `receive(_:)` returned).
  mutating func addDemand(_ additional: Subscribers.Demand) -> UpstreamRequests {
    guard additional > 0, !hasEnded else { return UpstreamRequests() }
    let wasUnlimited = demand == .unlimited
    demand += additional
    switch strategy {
    case .zip:
      // As Combine's zip, every request reaches the inputs, even once unlimited.
      requestedSoFar += additional
      return UpstreamRequests(demand: additional)
    case .combineLatest:
      requestedSoFar += additional
      return UpstreamRequests(demand: wasUnlimited ? .none : additional)
    case .merge:
      return UpstreamRequests(demand: !wasUnlimited && demand == .unlimited ? .unlimited : .none)
    }
  }

  /// `merge`: whether some input is owed a refill.
  var owesRefills: Bool { owedRefills > 0 }

  /// The token holder asks what to deliver next; `.none` gives the token back.
  mutating func nextDelivery() -> NextDelivery {
    switch token.next() {
    case .deliver: .deliver
    case .end: .complete(ending ?? .finished)
    case .none: .none
    }
  }

  /// The subscriber cancelled: returns the subscriptions to cancel (after unlocking) and whether
  /// outputs waited in the backlog (the storage drops them, releasing them after unlocking).
  mutating func cancelled() -> (cancel: [any Subscription], dropsBacklog: Bool) {
    guard !isTerminal else { return ([], false) }
    let dropsBacklog = token.backlog > 0
    token.close()
    let cancel = takeSubscriptions()
    return (cancel, dropsBacklog)
  }

  // MARK: Helpers

  /// Whether the operator finishes now, from the inputs that finished and what they still hold.
  private func shouldFinish() -> Bool {
    switch strategy {
    case .combineLatest:
      return finishedInputs == inputs.count
    case .zip:
      // No more tuple can be made once a finished input has nothing left.
      return finishedInputs > 0 && inputs.indices.contains { phases[$0].isFinished && inputs[$0].held == 0 }
    case .merge:
      return finishedInputs == inputs.count && emptyInputs == inputs.count
    }
  }

  private mutating func end(with ending: Ending, into outcome: inout CompletionOutcome) {
    self.ending = ending
    _ = token.markEnding()
    hasFreshCombination = false
    outcome.ended = true
  }

  private mutating func clearRefill(_ index: Int) {
    inputs[index].owesRefill = false
    owedRefills -= 1
  }

  private mutating func setHeld(_ count: Int, at index: Int) {
    if inputs[index].held == 0, count > 0 { emptyInputs -= 1 }
    if inputs[index].held > 0, count == 0 { emptyInputs += 1 }
    inputs[index].held = count
  }

  private mutating func markFinished(_ index: Int) {
    if !phases[index].isFinished { finishedInputs += 1 }
    phases[index] = .finished
  }

  /// Every active subscription, leaving the inputs finished.
  private mutating func takeSubscriptions() -> [any Subscription] {
    var taken: [any Subscription] = []
    for index in inputs.indices {
      if case .active(let subscription) = phases[index] { taken.append(subscription) }
      markFinished(index)
    }
    return taken
  }
}
#endif
