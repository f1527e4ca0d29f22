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
      /// The first subscriber is attaching and `connect()` has not returned yet.
      case connecting(subscribers: Int)
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
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let shouldConnect = state.withLock { state -> Bool in
        switch state {
        case .disconnected:
          state = .connecting(subscribers: 1)
          return true
        case .connecting(let subscribers):
          state = .connecting(subscribers: subscribers + 1)
          return false
        case .connected(let subscribers, let connection):
          state = .connected(subscribers: subscribers + 1, connection: connection)
          return false
        }
      }
      upstream.subscribe(AutoconnectInner(downstream: subscriber, parent: self))
      guard shouldConnect else { return }
      let connection = upstream.connect()
      let unneeded = state.withLock { state -> (any Cancellable)? in
        guard case .connecting(let subscribers) = state else { return connection }
        state = .connected(subscribers: subscribers, connection: connection)
        return nil
      }
      unneeded?.cancel()
    }

    /// A subscriber cancelled: disconnect if it was the last one.
    fileprivate func subscriberCancelled() {
      let connection = state.withLock { state -> (any Cancellable)? in
        switch state {
        case .disconnected:
          return nil
        case .connecting(let subscribers):
          state = subscribers <= 1 ? .disconnected : .connecting(subscribers: subscribers - 1)
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

/// Forwards everything, tells the parent when the subscriber cancels, and releases the subscriber
/// once the subscription ends.
private final class AutoconnectInner<Downstream: Subscriber, Upstream: ConnectablePublisher>: Subscriber,
  Subscription, CustomStringConvertible
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private let parent: Publishers.Autoconnect<Upstream>
  private let link: RelayLink<Downstream>

  init(downstream: Downstream, parent: Publishers.Autoconnect<Upstream>) {
    self.parent = parent
    link = RelayLink(downstream)
  }

  var description: String { "Autoconnect" }

  func receive(subscription: any Subscription) {
    guard let downstream = link.accept(subscription) else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    link.current()?.target.receive(input) ?? .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    link.complete()?.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    link.current()?.subscription.request(demand)
  }

  func cancel() {
    guard let upstream = link.cancel() else { return }
    parent.subscriberCancelled()
    upstream.cancel()
  }
}

// Safety: the only mutable state is in `link`, a `LockedState`; `parent` is immutable.
extension AutoconnectInner: @unchecked Sendable {}
