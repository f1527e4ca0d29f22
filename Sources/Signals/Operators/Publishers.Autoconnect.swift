// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

extension ConnectablePublisher {
  /// Connects automatically when the first subscriber attaches, and disconnects when the last
  /// one cancels.
  ///
  /// The usual partner of `Timer.publish(every:on:in:)`, which otherwise waits for an explicit
  /// ``ConnectablePublisher/connect()``.
  ///
  /// ```swift
  /// let ticks = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
  /// let cancellable = ticks.sink { print("tick at", $0) }  // the timer starts now
  /// cancellable.cancel()                                   // and stops here
  /// ```
  ///
  /// - Note: Demand, values and completion pass straight through. A subscriber that completes
  ///   (rather than cancels) keeps counting as attached, as in Combine.
  ///
  /// - Returns: A publisher that manages the connection for you.
  public func autoconnect() -> Publishers.Autoconnect<Self> {
    Publishers.Autoconnect(upstream: self)
  }
}

extension Publishers {
  /// The publisher ``ConnectablePublisher/autoconnect()`` returns: it connects its upstream on the
  /// first subscription and cancels the connection when every subscriber has cancelled.
  ///
  /// ```swift
  /// let auto = Publishers.Autoconnect(upstream: Timer.publish(every: 1, on: .main, in: .common))
  /// ```
  public class Autoconnect<Upstream: ConnectablePublisher>: Publisher {
    /// The upstream's output.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    private enum State {
      /// No connection.
      case disconnected
      /// Connected, with the number of subscribers that have not cancelled.
      case connected(subscribers: Int, connection: any Cancellable)
    }

    /// The publisher connected on demand.
    public final let upstream: Upstream
    private let state = LockedState.make(State.disconnected)

    /// Creates the publisher; ``ConnectablePublisher/autoconnect()`` is the usual way.
    ///
    /// - Parameter upstream: The publisher to connect on demand.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber` to the upstream, connecting it if this is the first subscriber.
    ///
    /// As in Combine, the connection is recorded once `connect()` returns: a subscriber that
    /// attaches while the first one is being subscribed or connected connects again.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let connected = state.withLock { state -> Bool in
        guard case .connected(let subscribers, let connection) = state else { return false }
        state = .connected(subscribers: subscribers + 1, connection: connection)
        return true
      }
      upstream.subscribe(AutoconnectInner(downstream: subscriber, parent: self))
      guard !connected else { return }
      let connection = upstream.connect()
      let replaced = state.withLock { state -> (any Cancellable)? in
        defer { state = .connected(subscribers: 1, connection: connection) }
        guard case .connected(_, let previous) = state else { return nil }
        return previous
      }
      withExtendedLifetime(replaced) {}
    }

    /// A subscriber cancelled: disconnect if it was the last one.
    fileprivate func subscriberCancelled() {
      let connection = state.withLock { state -> (any Cancellable)? in
        guard case .connected(let subscribers, let connection) = state else { return nil }
        guard subscribers <= 1 else {
          state = .connected(subscribers: subscribers - 1, connection: connection)
          return nil
        }
        state = .disconnected
        return connection
      }
      connection?.cancel()
    }
  }
}

// Safety: the only mutable state is `state`, a `LockedState`; `upstream` is immutable and
// `Sendable` here.
extension Publishers.Autoconnect: @unchecked Sendable where Upstream: Sendable {}

/// The subscriber attached to the upstream for one downstream subscriber: it forwards every event
/// as is and hands the subscriber the upstream's own subscription, wrapped only to learn of its
/// cancel (the wrapper reports the upstream subscription's identity and description), as
/// Combine's does.
private struct AutoconnectInner<Downstream: Subscriber, Upstream: ConnectablePublisher>: Subscriber,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  let combineIdentifier = CombineIdentifier()
  let downstream: Downstream
  let parent: Publishers.Autoconnect<Upstream>

  var description: String { "Autoconnect" }

  var customMirror: Mirror { Mirror(self, children: ["parent": parent, "downstream": downstream]) }

  var playgroundDescription: Any { description }

  func receive(subscription: any Subscription) {
    downstream.receive(subscription: AutoconnectSubscription(upstream: subscription, parent: parent))
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    downstream.receive(input)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    downstream.receive(completion: completion)
  }
}

/// The upstream's subscription, as the subscriber of `autoconnect()` sees it: its cancel also
/// tells the parent, which disconnects after the last one.
private struct AutoconnectSubscription<Upstream: ConnectablePublisher>: Subscription, CustomStringConvertible,
  CustomPlaygroundDisplayConvertible
{
  let upstream: any Subscription
  let parent: Publishers.Autoconnect<Upstream>

  var combineIdentifier: CombineIdentifier { upstream.combineIdentifier }

  var description: String { String(describing: upstream) }

  var playgroundDescription: Any { description }

  func request(_ demand: Subscribers.Demand) {
    upstream.request(demand)
  }

  func cancel() {
    parent.subscriberCancelled()
    upstream.cancel()
  }
}
