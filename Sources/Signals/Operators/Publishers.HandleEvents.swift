// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

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
  private final class Inner<Downstream: Subscriber>: ForwardingInner<Output, Upstream.Failure, Downstream>
  where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
    private let receiveSubscription: ((any Subscription) -> Void)?
    private let receiveOutput: ((Input) -> Void)?
    private let receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
    private let receiveCancel: (() -> Void)?
    private let receiveRequest: ((Subscribers.Demand) -> Void)?

    init(downstream: Downstream, events: Publishers.HandleEvents<Upstream>) {
      receiveSubscription = events.receiveSubscription
      receiveOutput = events.receiveOutput
      receiveCompletion = events.receiveCompletion
      receiveCancel = events.receiveCancel
      receiveRequest = events.receiveRequest
      super.init(downstream: downstream)
    }

    override var description: String { "HandleEvents" }

    override func receive(subscription: any Subscription) {
      guard acceptUpstream(subscription) != nil else {
        subscription.cancel()
        return
      }
      receiveSubscription?(subscription)
      downstream.receive(subscription: self)
    }

    override func receive(completion: Subscribers.Completion<Failure>) {
      guard link.terminate() != nil else { return }
      receiveCompletion?(completion)
      downstream.receive(completion: completion)
    }

    override func request(_ demand: Subscribers.Demand) {
      if link.isTerminal { return }
      receiveRequest?(demand)
      link.request(demand)?.request(demand)
    }

    override func cancel() {
      guard let upstream = link.terminate() else { return }
      receiveCancel?()
      upstream.cancel()
    }

    override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
      receiveOutput?(input)
      let demand = send(input, admission)
      if demand != .none { receiveRequest?(demand) }
      return demand
    }
  }
}
