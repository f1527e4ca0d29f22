// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher {
  /// Runs closures when events pass through, leaving the events unchanged.
  ///
  /// Each closure runs just before its event is passed on: `receiveSubscription` before
  /// downstream gets its subscription, `receiveOutput` before a value is delivered,
  /// `receiveCompletion` before the completion, `receiveCancel` before upstream is cancelled, and
  /// `receiveRequest` before downstream's demand goes upstream — and also with the demand a
  /// value's delivery returned, when it is not `.none`. Closures run on the thread of their event,
  /// outside any lock; a subscription that has ended runs none of them.
  ///
  /// ```swift
  /// let cancellable = [1, 2].publisher
  ///   .handleEvents(receiveOutput: { print("saw \($0)") }, receiveCompletion: { print("done: \($0)") })
  ///   .sink { _ in }
  /// // Prints: saw 1
  /// //         saw 2
  /// //         done: finished
  /// ```
  ///
  /// - Important: Written inside an actor, the closures are that actor's, and in Swift 6 code each
  ///   one checks when it runs that it runs there, as described at
  ///   ``Publisher/sink(receiveCompletion:receiveValue:)``.
  ///
  /// - Parameters:
  ///   - receiveSubscription: Called with upstream's subscription.
  ///   - receiveOutput: Called with each value.
  ///   - receiveCompletion: Called with the completion.
  ///   - receiveCancel: Called when downstream cancels.
  ///   - receiveRequest: Called with each demand downstream asks for.
  /// - Returns: A ``Publishers/HandleEvents`` publisher.
  public func handleEvents(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveOutput: ((Output) -> Void)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
    receiveCancel: (() -> Void)? = nil,
    receiveRequest: ((Subscribers.Demand) -> Void)? = nil
  ) -> Publishers.HandleEvents<Self> {
    Publishers.HandleEvents(
      upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
      receiveCompletion: receiveCompletion, receiveCancel: receiveCancel, receiveRequest: receiveRequest)
  }
}

@_spi(Signals) import SignalsSupport

extension Publishers {
  /// A publisher that runs closures as events pass through it.
  ///
  /// Made by
  /// ``Publisher/handleEvents(receiveSubscription:receiveOutput:receiveCompletion:receiveCancel:receiveRequest:)``.
  ///
  /// ```swift
  /// let traced = Publishers.HandleEvents(
  ///   upstream: Just(1), receiveSubscription: nil, receiveOutput: { print("saw \($0)") },
  ///   receiveCompletion: nil, receiveCancel: nil, receiveRequest: nil)
  /// let cancellable = traced.sink { _ in }
  /// // Prints: saw 1
  /// ```
  public struct HandleEvents<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose events are observed.
    public let upstream: Upstream

    /// Called with upstream's subscription.
    public var receiveSubscription: ((any Subscription) -> Void)?

    /// Called with each value.
    public var receiveOutput: ((Upstream.Output) -> Void)?

    /// Called with the completion.
    public var receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)?

    /// Called when downstream cancels.
    public var receiveCancel: (() -> Void)?

    /// Called with each demand downstream asks for.
    public var receiveRequest: ((Subscribers.Demand) -> Void)?

    /// Creates a publisher that runs the given closures as events of `upstream` pass through.
    ///
    /// ```swift
    /// let traced = Publishers.HandleEvents(
    ///   upstream: Just(1), receiveSubscription: nil, receiveOutput: nil,
    ///   receiveCompletion: { print($0) }, receiveCancel: nil, receiveRequest: nil)
    /// let cancellable = traced.sink { _ in }
    /// // Prints: finished
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose events are observed.
    ///   - receiveSubscription: Called with upstream's subscription.
    ///   - receiveOutput: Called with each value.
    ///   - receiveCompletion: Called with the completion.
    ///   - receiveCancel: Called when downstream cancels.
    ///   - receiveRequest: Called with each demand downstream asks for.
    public init(
      upstream: Upstream,
      receiveSubscription: ((any Subscription) -> Void)? = nil,
      receiveOutput: ((Output) -> Void)? = nil,
      receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
      receiveCancel: (() -> Void)? = nil,
      receiveRequest: ((Subscribers.Demand) -> Void)?
    ) {
      self.upstream = upstream
      self.receiveSubscription = receiveSubscription
      self.receiveOutput = receiveOutput
      self.receiveCompletion = receiveCompletion
      self.receiveCancel = receiveCancel
      self.receiveRequest = receiveRequest
    }

    /// Attaches `subscriber` through an inner that runs the closures.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, events: self))
    }
  }
}

extension Publishers.HandleEvents {
  /// As in Combine, events pass through unchecked: a value or completion before the subscription
  /// or after the end still reaches downstream. The closures run until the end (a completion or a
  /// cancel), and are then let go of, so none runs after it.
  private final class Inner<Downstream: Subscriber>: OperatorInner<Output, Upstream.Failure, Downstream>
  where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
    private struct Handlers {
      let receiveSubscription: ((any Subscription) -> Void)?
      let receiveOutput: ((Input) -> Void)?
      let receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
      let receiveCancel: (() -> Void)?
      let receiveRequest: ((Subscribers.Demand) -> Void)?
    }

    /// The closures until the end, `nil` after it.
    private let handlers: LockedState<Handlers?>

    init(downstream: Downstream, events: Publishers.HandleEvents<Upstream>) {
      handlers = .make(
        Handlers(
          receiveSubscription: events.receiveSubscription, receiveOutput: events.receiveOutput,
          receiveCompletion: events.receiveCompletion, receiveCancel: events.receiveCancel,
          receiveRequest: events.receiveRequest))
      super.init(downstream: downstream, rules: .passing)
    }

    override var description: String { "HandleEvents" }

    override var customMirror: Mirror { Mirror(self, children: [:]) }

    private var current: Handlers? { handlers.withLock { $0 } }

    /// Ends the operator: lets go of the closures (after unlocking, as the caller drops the value).
    private func dropHandlers() {
      _ = handlers.withLock { handlers in
        defer { handlers = nil }
        return handlers
      }
    }

    override func receive(subscription: any Subscription) {
      current?.receiveSubscription?(subscription)
      super.receive(subscription: subscription)
    }

    override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
      current?.receiveOutput?(input)
      let demand = downstream.receive(input)
      if demand != .none { current?.receiveRequest?(demand) }
      return demand
    }

    override func receive(completion: Subscribers.Completion<Failure>) {
      current?.receiveCompletion?(completion)
      dropHandlers()
      link.terminateIfSubscribed()
      downstream.receive(completion: completion)
    }

    override func request(_ demand: Subscribers.Demand) {
      current?.receiveRequest?(demand)
      super.request(demand)
    }

    override func cancel() {
      current?.receiveCancel?()
      guard let upstream = link.terminateIfSubscribed() else { return }
      dropHandlers()
      upstream.cancel()
    }
  }
}
#endif
