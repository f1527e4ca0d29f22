// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

extension Publisher {
  /// Replaces a failure with the values of another publisher.
  ///
  /// When the upstream fails, `handler` makes a publisher from the error and the subscriber
  /// continues with its values and its completion. A finish of the upstream passes through.
  ///
  /// ```swift
  /// let cancellable = Fail<String, URLError>(error: URLError(.timedOut))
  ///   .catch { _ in Just("offline copy") }
  ///   .sink { print($0) }
  /// // Prints: offline copy
  /// ```
  ///
  /// - Note: Demand. The subscriber gets one subscription for both publishers; the replacement is
  ///   asked for the demand the subscriber has left when the upstream failed. As in Combine, a
  ///   value beyond the demand, a failure before the subscription and a second failure of the
  ///   upstream stop the program, and values pass on unchecked (also after a cancel).
  /// - Note: `handler` runs on the thread that delivered the failure, outside any lock.
  ///
  /// - Parameter handler: Makes the replacement publisher from the upstream's error.
  /// - Returns: A ``Publishers/Catch`` publisher.
  public func `catch`<P: Publisher>(_ handler: @escaping (Failure) -> P) -> Publishers.Catch<Self, P>
  where Output == P.Output {
    Publishers.Catch(upstream: self, handler: handler)
  }
}

extension Publishers {
  /// A publisher that replaces its upstream's failure with another publisher.
  ///
  /// Made by ``Publisher/catch(_:)``; see there for demand and threading.
  ///
  /// ```swift
  /// struct Offline: Error {}
  /// let safe = Publishers.Catch(upstream: Fail<Int, Offline>(error: Offline())) { _ in Just(0) }
  /// let cancellable = safe.sink { print($0) }
  /// // Prints: 0
  /// ```
  public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
  where Upstream.Output == NewPublisher.Output {
    /// The values of both publishers.
    public typealias Output = Upstream.Output

    /// The replacement publisher's failure type.
    public typealias Failure = NewPublisher.Failure

    /// The publisher whose failure is replaced.
    public let upstream: Upstream

    /// Makes the replacement publisher from the upstream's error.
    public let handler: (Upstream.Failure) -> NewPublisher

    /// Creates a publisher that replaces `upstream`'s failure with the publisher `handler` makes.
    ///
    /// ```swift
    /// let safe = Publishers.Catch(upstream: request, handler: { _ in Just(fallback) })
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose failure is replaced.
    ///   - handler: Makes the replacement publisher from the upstream's error.
    public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
      self.upstream = upstream
      self.handler = handler
    }

    /// Subscribes to the upstream; the replacement follows if it fails.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let handler = handler
      let inner = CatchInner<Upstream, NewPublisher, S>(
        downstream: subscriber, name: "Catch", handler: { .success(handler($0)) }, convertFailure: { $0 })
      upstream.subscribe(inner.upstreamSubscriber)
    }
  }
}

/// Where a catching subscription stands, behind its lock.
private enum CatchPhase {
  /// Waiting for the upstream's subscription.
  case awaitingUpstream
  /// The upstream runs.
  case upstream(any Subscription)
  /// The upstream failed and the replacement's subscription has not arrived.
  case awaitingReplacement
  /// The replacement runs.
  case replacement(any Subscription)
  /// Completed or cancelled.
  case terminal
}

/// The one subscription `catch` and `tryCatch` hand their subscriber, with the subscribers of the
/// upstream and of the replacement publisher, as Combine's.
///
/// As in Combine, values pass through without a check of the phase (a value the upstream sends
/// after a cancel still reaches the subscriber), a value beyond the demand and a second failure of
/// the upstream are contract violations that stop the program, and a cancel while the replacement
/// is being subscribed does not reach the replacement, which is then asked for the demand left.
final class CatchInner<Upstream: Publisher, NewPublisher: Publisher, Downstream: Subscriber>: Subscription,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Input == Upstream.Output, NewPublisher.Output == Upstream.Output {
  private struct State {
    var phase = CatchPhase.awaitingUpstream
    /// Values the subscriber asked for while the upstream ran, less those it received.
    var demand = Subscribers.Demand.none
  }

  private let downstream: Downstream
  private let state = LockedState.make(State())
  private let handler: (Upstream.Failure) -> Result<NewPublisher, Downstream.Failure>
  private let convertFailure: (NewPublisher.Failure) -> Downstream.Failure
  let description: String

  init(
    downstream: Downstream, name: String,
    handler: @escaping (Upstream.Failure) -> Result<NewPublisher, Downstream.Failure>,
    convertFailure: @escaping (NewPublisher.Failure) -> Downstream.Failure
  ) {
    self.downstream = downstream
    self.handler = handler
    self.convertFailure = convertFailure
    description = name
  }

  /// The subscriber to attach to the upstream.
  var upstreamSubscriber: CatchUpstreamSubscriber<Upstream, NewPublisher, Downstream> {
    CatchUpstreamSubscriber(inner: self)
  }

  var customMirror: Mirror {
    let demand = state.withLock { $0.demand }
    return Mirror(self, children: ["downstream": downstream, "demand": demand])
  }

  var playgroundDescription: Any { description }

  // MARK: Upstream

  fileprivate func receiveUpstream(subscription: any Subscription) {
    let accepted = state.withLock { state -> Bool in
      guard case .awaitingUpstream = state.phase else { return false }
      state.phase = .upstream(subscription)
      return true
    }
    guard accepted else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
  }

  fileprivate func receiveUpstream(_ input: Upstream.Output) -> Subscribers.Demand {
    state.withLock { state in
      precondition(state.demand > 0, "\(description) received a value beyond the demand of its subscriber")
      state.demand -= 1
    }
    let more = downstream.receive(input)
    if more > 0 { state.withLock { $0.demand += more } }
    return more
  }

  fileprivate func receiveUpstream(completion: Subscribers.Completion<Upstream.Failure>) {
    let proceed = state.withLock { state -> Bool in
      switch state.phase {
      case .upstream:
        if case .failure = completion {
          state.phase = .awaitingReplacement
        } else {
          state.phase = .terminal
        }
        return true
      case .terminal:
        return false
      case .awaitingUpstream:
        if case .finished = completion { return false }
        preconditionFailure("\(description) received a failure before its subscription")
      case .awaitingReplacement, .replacement:
        preconditionFailure("\(description) received a second completion from its upstream")
      }
    }
    guard proceed else { return }
    switch completion {
    case .finished:
      downstream.receive(completion: .finished)
    case .failure(let error):
      switch handler(error) {
      case .success(let replacement):
        replacement.subscribe(CatchReplacementSubscriber(inner: self))
      case .failure(let thrown):
        state.withLock { $0.phase = .terminal }
        downstream.receive(completion: .failure(thrown))
      }
    }
  }

  // MARK: Replacement

  fileprivate func receiveReplacement(subscription: any Subscription) {
    let demand = state.withLock { state -> Subscribers.Demand? in
      guard case .awaitingReplacement = state.phase else { return nil }
      state.phase = .replacement(subscription)
      return state.demand
    }
    guard let demand else {
      subscription.cancel()
      return
    }
    if demand > 0 { subscription.request(demand) }
  }

  fileprivate func receiveReplacement(_ input: NewPublisher.Output) -> Subscribers.Demand {
    downstream.receive(input)
  }

  fileprivate func receiveReplacement(completion: Subscribers.Completion<NewPublisher.Failure>) {
    let running = state.withLock { state -> Bool in
      guard case .replacement = state.phase else { return false }
      state.phase = .terminal
      return true
    }
    guard running else { return }
    switch completion {
    case .finished: downstream.receive(completion: .finished)
    case .failure(let error): downstream.receive(completion: .failure(convertFailure(error)))
    }
  }

  // MARK: Subscription

  func request(_ demand: Subscribers.Demand) {
    let subscription = state.withLock { state -> (any Subscription)? in
      switch state.phase {
      case .upstream(let subscription):
        state.demand += demand
        return subscription
      case .awaitingReplacement:
        state.demand += demand
        return nil
      case .replacement(let subscription):
        return subscription
      case .awaitingUpstream, .terminal:
        return nil
      }
    }
    subscription?.request(demand)
  }

  func cancel() {
    let subscription = state.withLock { state -> (any Subscription)? in
      switch state.phase {
      case .upstream(let subscription), .replacement(let subscription):
        state.phase = .terminal
        return subscription
      case .awaitingUpstream, .awaitingReplacement, .terminal:
        return nil
      }
    }
    subscription?.cancel()
  }
}

// Safety: the only mutable state is `state`, a `LockedState`; the other stored properties are
// immutable, and the subscriber is called from one publisher's serialised calls at a time.
extension CatchInner: @unchecked Sendable {}

/// The subscriber attached to the upstream of `catch`/`tryCatch`.
struct CatchUpstreamSubscriber<Upstream: Publisher, NewPublisher: Publisher, Downstream: Subscriber>: Subscriber,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Input == Upstream.Output, NewPublisher.Output == Upstream.Output {
  let inner: CatchInner<Upstream, NewPublisher, Downstream>

  var combineIdentifier: CombineIdentifier { CombineIdentifier(inner) }
  var description: String { inner.description }
  var customMirror: Mirror { inner.customMirror }
  var playgroundDescription: Any { inner.description }

  func receive(subscription: any Subscription) { inner.receiveUpstream(subscription: subscription) }
  func receive(_ input: Upstream.Output) -> Subscribers.Demand { inner.receiveUpstream(input) }
  func receive(completion: Subscribers.Completion<Upstream.Failure>) { inner.receiveUpstream(completion: completion) }
}

/// The subscriber attached to the replacement publisher of `catch`/`tryCatch`.
private struct CatchReplacementSubscriber<Upstream: Publisher, NewPublisher: Publisher, Downstream: Subscriber>:
  Subscriber, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Input == Upstream.Output, NewPublisher.Output == Upstream.Output {
  let inner: CatchInner<Upstream, NewPublisher, Downstream>

  var combineIdentifier: CombineIdentifier { CombineIdentifier(inner) }
  var description: String { inner.description }
  var customMirror: Mirror { inner.customMirror }
  var playgroundDescription: Any { inner.description }

  func receive(subscription: any Subscription) { inner.receiveReplacement(subscription: subscription) }
  func receive(_ input: NewPublisher.Output) -> Subscribers.Demand { inner.receiveReplacement(input) }
  func receive(completion: Subscribers.Completion<NewPublisher.Failure>) {
    inner.receiveReplacement(completion: completion)
  }
}
#endif
