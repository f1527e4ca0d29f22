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
/// one value per input) and queue in `inputs` until a driver task takes them. Only the driver
/// calls the subscriber with values; a failure from upstream is delivered by the upstream's thread
/// when the driver is not delivering, and handed to the driver when it is. The machine never locks,
/// resumes or calls out.
struct AsyncTransformStateMachine<Input, Failure: Error, Downstream, DownstreamFailure: Error> {
  typealias Continuation = UnsafeContinuation<Input?, Never>

  private enum State {
    /// Waiting for the upstream subscription.
    case awaitingSubscription(Downstream)
    /// Subscribed.
    case subscribed(Downstream, upstream: any Subscription)
    /// The upstream finished; the driver drains `inputs`, then finishes the subscriber.
    case upstreamFinished(Downstream)
    /// Completed or cancelled.
    case terminal
  }

  private enum Driver {
    case notStarted
    /// Started; its handle arrives with ``driverStarted(_:)``.
    case starting
    case running(Task<Void, Never>)
  }

  /// What ``receive(subscription:)`` asks the storage to do.
  enum SubscriptionAction {
    /// Hand the subscription to the subscriber.
    case forward(Downstream)
    /// A second subscription, or one after cancel: cancel it.
    case cancel
  }

  /// What ``request(_:)`` asks the storage to do.
  struct RequestAction {
    /// Forward the demand to this upstream.
    var upstream: (any Subscription)?
    /// Start the driver task (first request).
    var startDriver = false
  }

  /// What the driver does next, from ``takeInput()``.
  enum InputAction {
    /// Transform this input.
    case input(Input)
    /// No input queued: park with ``park(_:)``.
    case park
    /// The upstream finished and the queue is empty, or terminal: stop.
    case end
  }

  /// A completion to deliver, and what to cancel or wake first.
  struct Termination {
    var downstream: Downstream?
    var completion: Subscribers.Completion<DownstreamFailure>?
    var upstream: (any Subscription)?
    var driver: Task<Void, Never>?
    var parked: Continuation?
  }

  private var state: State
  private var inputs: ContiguousArray<Input> = []
  private var inputsHead = 0
  private var parked: Continuation?
  /// Requested from upstream and not received yet.
  private var upstreamDemand = Subscribers.Demand.none
  private var driver = Driver.notStarted
  /// Who calls the subscriber: the driver with a value (it holds the token for the call), or
  /// the upstream's thread with a failure — the token's ending, made by the driver after its
  /// delivery returns when it arrives meanwhile. The one serial-delivery primitive.
  private var token = SerialDelivery(.queued)
  /// The driver's tasks are being cancelled: parking ends at once, with `nil`.
  private var isParkingCancelled = false
  /// An upstream failure that arrived while the driver was delivering (the token's ending).
  private var pendingFailure: (Downstream, DownstreamFailure)?

  init(downstream: Downstream) {
    state = .awaitingSubscription(downstream)
  }

  mutating func receive(subscription: any Subscription) -> SubscriptionAction {
    guard case .awaitingSubscription(let downstream) = state else { return .cancel }
    state = .subscribed(downstream, upstream: subscription)
    return .forward(downstream)
  }

  mutating func request(_ demand: Subscribers.Demand) -> RequestAction {
    var action = RequestAction()
    switch state {
    case .subscribed(_, let upstream):
      upstreamDemand += demand
      action.upstream = upstream
    case .upstreamFinished:
      break
    case .awaitingSubscription, .terminal:
      return action
    }
    if case .notStarted = driver {
      driver = .starting
      action.startDriver = true
    }
    return action
  }

  /// Returns the task if it must be cancelled at once.
  mutating func driverStarted(_ task: Task<Void, Never>) -> Task<Void, Never>? {
    if case .terminal = state { return task }
    driver = .running(task)
    return nil
  }

  /// An upstream value: queued (or handed to the parked driver) if it was asked for.
  mutating func receive(_ input: Input) -> Continuation? {
    guard case .subscribed = state, upstreamDemand > 0 else { return nil }
    upstreamDemand -= 1
    if let parked {
      self.parked = nil
      return parked
    }
    inputs.append(input)
    return nil
  }

  /// The upstream finished: the driver drains the queue first, unless it never started.
  mutating func receiveFinished() -> Termination {
    guard case .subscribed(let downstream, _) = state else { return Termination() }
    if case .notStarted = driver {
      state = .terminal
      return Termination(downstream: downstream, completion: .finished)
    }
    state = .upstreamFinished(downstream)
    defer { parked = nil }
    return Termination(parked: parked)
  }

  /// The upstream failed: delivered now, or by the driver once its delivery returns.
  mutating func receiveFailure(_ failure: DownstreamFailure) -> Termination {
    guard case .subscribed(let downstream, _) = state else { return Termination() }
    var termination = terminate()
    switch token.end() {
    case .queued:
      pendingFailure = (downstream, failure)
    case .deliver, .deliverNested, .closed:
      // The token was free: this thread delivers the failure and keeps the token.
      termination.downstream = downstream
      termination.completion = .failure(failure)
    }
    return termination
  }

  mutating func takeInput() -> InputAction {
    if inputsHead < inputs.count {
      let input = inputs[inputsHead]
      inputsHead += 1
      if inputsHead == inputs.count {
        inputs.removeAll(keepingCapacity: true)
        inputsHead = 0
      }
      return .input(input)
    }
    switch state {
    case .subscribed: return .park
    case .upstreamFinished, .terminal: return .end
    case .awaitingSubscription: preconditionFailure("async transform driver runs before subscription")
    }
  }

  /// The driver parks. Returns `nil` when parked; otherwise what to resume it with at once (an
  /// input that arrived meanwhile, or `nil` when there is no more input).
  mutating func park(_ continuation: Continuation) -> Input?? {
    precondition(parked == nil, "async transform driver parked twice")
    switch takeInput() {
    case .input(let input):
      return .some(input)
    case .end:
      return .some(nil)
    case .park:
      if isParkingCancelled { return .some(nil) }
      parked = continuation
      return nil
    }
  }

  /// The parked driver's task was cancelled: returns its continuation, to wake with `nil`.
  mutating func unpark() -> Continuation? {
    isParkingCancelled = true
    defer { parked = nil }
    return parked
  }

  /// The driver is about to deliver a value: the subscriber, or `nil` once terminal.
  mutating func beginDelivery() -> Downstream? {
    switch state {
    case .subscribed(let downstream, _), .upstreamFinished(let downstream):
      guard token.acquire() else { return nil }
      return downstream
    case .awaitingSubscription, .terminal:
      return nil
    }
  }

  /// The delivery returned `demand`: forward it upstream, or deliver a failure that arrived meanwhile.
  mutating func endDelivery(_ demand: Subscribers.Demand) -> (upstream: (any Subscription)?, failure: Termination?) {
    if token.next() == .end, let (downstream, failure) = pendingFailure {
      pendingFailure = nil
      return (nil, Termination(downstream: downstream, completion: .failure(failure)))
    }
    guard demand > 0, case .subscribed(_, let upstream) = state else { return (nil, nil) }
    upstreamDemand += demand
    return (upstream, nil)
  }

  /// The driver ran out of input (`failure == nil`) or a transform failed.
  mutating func driverFinished(failure: DownstreamFailure?) -> Termination {
    switch state {
    case .upstreamFinished(let downstream):
      state = .terminal
      return Termination(downstream: downstream, completion: failure.map { .failure($0) } ?? .finished)
    case .subscribed(let downstream, let upstream):
      guard let failure else { preconditionFailure("async transform driver ended while subscribed") }
      state = .terminal
      return Termination(downstream: downstream, completion: .failure(failure), upstream: upstream)
    case .awaitingSubscription, .terminal:
      return Termination()
    }
  }

  /// The subscriber cancelled.
  mutating func cancel() -> Termination {
    var termination = Termination()
    switch state {
    case .awaitingSubscription(let downstream), .upstreamFinished(let downstream):
      termination = terminate()
      termination.downstream = downstream
    case .subscribed(let downstream, let upstream):
      termination = terminate()
      termination.downstream = downstream
      termination.upstream = upstream
    case .terminal:
      break
    }
    // Released after unlocking, never called.
    termination.completion = nil
    return termination
  }

  /// Moves to `terminal`, returning the driver to cancel and the parked continuation to wake.
  private mutating func terminate() -> Termination {
    state = .terminal
    var termination = Termination(parked: parked)
    parked = nil
    if case .running(let task) = driver { termination.driver = task }
    inputs = []
    inputsHead = 0
    return termination
  }
}
