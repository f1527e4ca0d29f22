// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

/// The rules shared by `asyncMap`, `tryAsyncMap` and `flatMap(maxTasks:)`, as a plain value.
///
/// Upstream values are asked for one for one with the subscriber's demand (the transforms emit
/// one value per input); each one asked for is handed to ``TaskSlots`` (values wait in order, in
/// `waiting`), and the upstream's finish is the slots' ending. The first request opens a slot
/// whose task parks until the first value, so that the work runs in the first requester's context.
/// What is this operator's own: the demand, and who calls the subscriber — whoever holds the
/// ``SerialDelivery`` token; a result made meanwhile is owed by the holder, and a failure is the
/// token's ending. The machine never locks or calls out.
struct AsyncTransformStateMachine<Input, Output, Downstream, DownstreamFailure: Error> {
  typealias Slots = SlotScheduler

  private enum State {
    /// Waiting for the upstream subscription.
    case awaitingSubscription(Downstream)
    /// Subscribed.
    case subscribed(Downstream, upstream: any Subscription)
    /// The upstream finished: the slots drain what waits, then the last slot finishes.
    case upstreamFinished(Downstream)
    /// Completed or cancelled (a completion may still wait for the token's holder).
    case terminal
  }

  /// What ``receive(subscription:)`` asks the storage to do.
  enum SubscriptionAction {
    /// Hand the subscription to the subscriber.
    case forward(Downstream)
    /// A second subscription, or one after cancel: cancel it.
    case cancel
  }

  /// What the token's holder delivers next, from ``nextDelivery(after:upstream:)``.
  enum Delivery {
    /// Deliver this result, then ask again with the demand it returned.
    case value(Downstream, Output)
    /// Deliver the completion; nothing follows.
    case completion(Downstream, Subscribers.Completion<DownstreamFailure>)
    /// Nothing: the token is given back.
    case none
  }

  /// What an ending event asks the storage to do, after unlocking.
  struct Termination {
    var upstream: (any Subscription)?
    /// The slot tasks to cancel or let go.
    var slots = Slots.Release()
    /// The inputs that waited, released after unlocking.
    var forgotten = ContiguousArray<Input?>()
    /// The subscriber, released after unlocking (never called from here).
    var released: Downstream?
    /// Whether the caller now holds the token and drains with ``nextDelivery(after:upstream:)``.
    var delivers = false
  }

  // The scheduler and its queue first: their offsets do not depend on the generic parameters.
  /// The scheduler. The slot tasks' own events (``TaskSlots/workDone(_:)``, parking,
  /// ``TaskSlots/finished(_:)``) go to it directly; the operator's events go through the methods
  /// below.
  var slots: Slots
  /// The inputs waiting for a slot, oldest first (``TaskSlots`` counts them).
  var waiting = ValueQueue<Input>()
  private var state: State
  /// Requested from upstream and not received yet.
  private var upstreamDemand = Subscribers.Demand.none
  private var hasRequested = false
  /// Who calls the subscriber: one holder at a time. The one serial-delivery primitive.
  private var token = SerialDelivery(.queued)
  /// Results owed by the token's holder, oldest first.
  private var outputs = ValueQueue<Output>()
  /// The completion the holder delivers as the token's ending.
  private var ending: (Downstream, Subscribers.Completion<DownstreamFailure>)?

  init(downstream: Downstream, maxTasks: Int) {
    state = .awaitingSubscription(downstream)
    slots = Slots(maxTasks: maxTasks, whenBusy: .wait)
  }

  mutating func receive(subscription: any Subscription) -> SubscriptionAction {
    guard case .awaitingSubscription(let downstream) = state else { return .cancel }
    state = .subscribed(downstream, upstream: subscription)
    return .forward(downstream)
  }

  /// The subscriber's demand: the upstream to forward it to and, at the first request, the slot
  /// to create a parked task for.
  mutating func request(_ demand: Subscribers.Demand) -> (upstream: (any Subscription)?, opened: Int?) {
    guard case .subscribed(_, let upstream) = state else { return (nil, nil) }
    upstreamDemand += demand
    let opened = hasRequested ? nil : slots.open()
    hasRequested = true
    return (upstream, opened)
  }

  /// An upstream value: handed to the slots if it was asked for (queued if it waits).
  mutating func receive(_ input: Input) -> Slots.Offer {
    guard case .subscribed = state, upstreamDemand > 0 else { return .ignore }
    upstreamDemand -= 1
    let offer = slots.offer()
    switch offer {
    case .wait, .wake:
      waiting.append(input)
    case .ignore, .start, .drop:
      break
    case .replace:
      preconditionFailure("the transforms' slots never replace")
    }
    return offer
  }

  /// The upstream finished: finished at once if nothing was ever asked for, otherwise in the
  /// slots' ending.
  mutating func receiveFinished() -> (Slots.Release, Termination) {
    guard case .subscribed(let downstream, _) = state else { return (Slots.Release(), Termination()) }
    guard hasRequested else { return (Slots.Release(), finish(downstream, with: .finished)) }
    state = .upstreamFinished(downstream)
    return (slots.end(), Termination())
  }

  /// Slot `id` runs the ending: the subscriber is finished.
  mutating func endingRuns(_ id: Int) -> Termination {
    guard case .upstreamFinished(let downstream) = state else { return Termination() }
    return finish(downstream, with: .finished, keeping: id)
  }

  /// The upstream failed, or a transform of slot `id` did: delivered once the token's holder is
  /// done with its delivery; waiting inputs and owed results are dropped.
  mutating func fail(_ failure: DownstreamFailure, inSlot id: Int? = nil) -> Termination {
    switch state {
    case .subscribed(let downstream, let upstream):
      var termination = finish(downstream, with: .failure(failure), keeping: id)
      if id != nil { termination.upstream = upstream }
      return termination
    case .upstreamFinished(let downstream):
      return finish(downstream, with: .failure(failure), keeping: id)
    case .awaitingSubscription, .terminal:
      return Termination()
    }
  }

  private mutating func finish(
    _ downstream: Downstream, with completion: Subscribers.Completion<DownstreamFailure>, keeping id: Int? = nil
  ) -> Termination {
    state = .terminal
    let released = slots.close(keeping: id)
    token.forget(outputs.count)
    outputs = ValueQueue()
    ending = (downstream, completion)
    return Termination(slots: released, forgotten: waiting.removeAll(), delivers: token.end() == .deliver)
  }

  /// The subscriber cancelled.
  mutating func cancel() -> Termination {
    var termination = Termination()
    switch state {
    case .awaitingSubscription(let downstream), .upstreamFinished(let downstream):
      termination.released = downstream
    case .subscribed(let downstream, let upstream):
      termination.released = downstream
      termination.upstream = upstream
    case .terminal:
      return termination
    }
    state = .terminal
    token.close()
    outputs = ValueQueue()
    termination.slots = slots.close()
    termination.forgotten = waiting.removeAll()
    return termination
  }

  /// A slot made a result: when the caller takes the token, it delivers the result itself (then
  /// it goes on with ``nextDelivery(after:upstream:)``); otherwise `.none`: the holder delivers it, or it is
  /// dropped once terminal.
  mutating func deliver(_ output: Output) -> Delivery {
    switch state {
    case .subscribed(let downstream, _), .upstreamFinished(let downstream):
      switch token.enter() {
      case .deliver, .deliverNested:
        return .value(downstream, output)
      case .queued:
        outputs.append(output)
        return .none
      case .closed:
        return .none
      }
    case .awaitingSubscription, .terminal:
      return .none
    }
  }

  /// The holder's previous delivery returned `demand` (`.none` after none): what it delivers next;
  /// `upstream` is set to the subscription to forward the demand to. (No tuple is returned: in the
  /// storage's unspecialised code, a tuple of a generic type costs a runtime lookup under a lock.)
  mutating func nextDelivery(
    after demand: Subscribers.Demand, upstream: inout (any Subscription)?
  ) -> Delivery {
    if demand > 0, case .subscribed(_, let subscription) = state {
      upstreamDemand += demand
      upstream = subscription
    }
    switch token.next() {
    case .deliver:
      switch state {
      case .subscribed(let downstream, _), .upstreamFinished(let downstream):
        guard let output = outputs.popFirst() else { preconditionFailure("async transform owes no result") }
        return .value(downstream, output)
      case .awaitingSubscription, .terminal:
        preconditionFailure("async transform delivers after its end: \(state)")
      }
    case .end:
      guard let (downstream, completion) = ending else {
        preconditionFailure("async transform ends without completion")
      }
      ending = nil
      return .completion(downstream, completion)
    case .none:
      return .none
    }
  }
}
