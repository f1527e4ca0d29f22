// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

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
      /// `thread` is subscribing the first subscriber and connecting, with the number of
      /// subscribers attached meanwhile from other threads (counted, not connected again).
      case connecting(subscribers: Int, thread: ThreadIdentity)
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
    /// As in Combine, the connection is recorded once `connect()` returns, and a subscriber that
    /// attaches from inside the first one's subscription (on the connecting thread) connects
    /// again. One that attaches from another thread meanwhile shares the connection being made.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let thread = ThreadIdentity.current
      let connects = state.withLock { state -> Bool in
        switch state {
        case .connected(let subscribers, let connection):
          state = .connected(subscribers: subscribers + 1, connection: connection)
          return false
        case .connecting(let subscribers, let connecting) where connecting != thread:
          state = .connecting(subscribers: subscribers + 1, thread: connecting)
          return false
        case .disconnected, .connecting:
          state = .connecting(subscribers: 1, thread: thread)
          return true
        }
      }
      upstream.subscribe(AutoconnectInner(downstream: subscriber, parent: self))
      guard connects else { return }
      let connection = upstream.connect()
      let replaced = state.withLock { state -> (any Cancellable)? in
        switch state {
        case .connecting(let subscribers, _):
          state = .connected(subscribers: Swift.max(subscribers, 1), connection: connection)
          return nil
        case .connected(_, let previous):
          // A re-entrant subscriber connected meanwhile: as in Combine, this connection replaces
          // its record (and the count restarts at one).
          state = .connected(subscribers: 1, connection: connection)
          return previous
        case .disconnected:
          state = .connected(subscribers: 1, connection: connection)
          return nil
        }
      }
      withExtendedLifetime(replaced) {}
    }

    /// A subscriber cancelled: disconnect if it was the last one.
    fileprivate func subscriberCancelled() {
      let connection = state.withLock { state -> (any Cancellable)? in
        switch state {
        case .disconnected:
          return nil
        case .connecting(let subscribers, let thread):
          state = .connecting(subscribers: Swift.max(subscribers - 1, 0), thread: thread)
          return nil
        case .connected(let subscribers, let connection):
          guard subscribers <= 1 else {
            state = .connected(subscribers: subscribers - 1, connection: connection)
            return nil
          }
          state = .disconnected
          return connection
        }
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
#endif
