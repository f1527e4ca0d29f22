// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
@_spi(Signals) import SignalsSupport
import Foundation

extension NotificationCenter {
  /// A publisher of the notifications named `name` (and, if given, posted by `object`).
  ///
  /// ```swift
  /// let name = Notification.Name("didLogIn")
  /// let cancellable = NotificationCenter.default.publisher(for: name).sink { print($0.name.rawValue) }
  /// NotificationCenter.default.post(name: name, object: nil)
  /// // Prints: didLogIn
  /// ```
  ///
  /// - Parameters:
  ///   - name: The notification name to observe.
  ///   - object: Only notifications posted by this object, or `nil` for any sender.
  /// - Returns: A publisher that never completes.
  public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher {
    Publisher(center: self, name: name, object: object)
  }

  /// The publisher ``NotificationCenter/publisher(for:object:)`` returns.
  ///
  /// Each subscription registers an observer when it starts and removes it when cancelled.
  /// Notifications are delivered synchronously on the posting thread; one posted while the
  /// subscriber has no demand is dropped for it. It never completes.
  ///
  /// ```swift
  /// let publisher = NotificationCenter.Publisher(center: .default, name: .init("ping"))
  /// ```
  public struct Publisher: SignalsCombine.Publisher {
    /// The notification.
    public typealias Output = Notification
    /// Observing never fails.
    public typealias Failure = Never

    /// The center observed.
    public let center: NotificationCenter
    /// The notification name observed.
    public let name: Notification.Name
    /// The sender observed, or `nil` for any.
    public let object: AnyObject?

    /// Creates the publisher; `publisher(for:object:)` is the usual way.
    ///
    /// - Parameters:
    ///   - center: The center to observe.
    ///   - name: The notification name to observe.
    ///   - object: The sender to observe, or `nil` for any.
    public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
      self.center = center
      self.name = name
      self.object = object
    }

    /// Registers an observer for `subscriber`.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Notification, S.Failure == Never {
      let subscription = NotificationSubscription(downstream: AnySubscriber(subscriber), center: center)
      subscriber.receive(subscription: subscription)
      subscription.observe(name: name, object: object)
    }
  }
}

/// One subscriber's observer. The subscriber is type-erased so the observer block, which
/// Foundation may call from any thread, captures no generic type.
private final class NotificationSubscription: Subscription, CustomStringConvertible {
  private struct State {
    var demand = Subscribers.Demand.none
    var cancelled = false
    var observer: (any NSObjectProtocol)?
  }

  private let downstream: AnySubscriber<Notification, Never>
  private let center: NotificationCenter
  private let state = LockedState.make(State())

  init(downstream: AnySubscriber<Notification, Never>, center: NotificationCenter) {
    self.downstream = downstream
    self.center = center
  }

  var description: String { "NotificationCenter Observer" }

  func observe(name: Notification.Name, object: AnyObject?) {
    let token = center.addObserver(forName: name, object: object, queue: nil) { [weak self] notification in
      self?.post(notification)
    }
    let keep = state.withLock { state -> Bool in
      guard !state.cancelled else { return false }
      state.observer = token
      return true
    }
    if !keep { center.removeObserver(token) }
  }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { state in
      guard !state.cancelled else { return }
      state.demand += demand
    }
  }

  func cancel() {
    let token = state.withLock { state -> (any NSObjectProtocol)? in
      state.cancelled = true
      defer { state.observer = nil }
      return state.observer
    }
    if let token { center.removeObserver(token) }
  }

  private func post(_ notification: Notification) {
    let deliver = state.withLock { state -> Bool in
      guard !state.cancelled, state.demand > 0 else { return false }
      state.demand -= 1
      return true
    }
    guard deliver else { return }
    let additional = downstream.receive(notification)
    request(additional)
  }
}

// Safety: the only mutable state is `state`, a `LockedState`; `center` is thread-safe.
extension NotificationSubscription: @unchecked Sendable {}

extension NotificationCenter.Publisher: Equatable {
  /// Two notification publishers are equal when they observe the same center (the same instance),
  /// the same name and the same sender (the same instance, or both `nil`).
  ///
  /// ```swift
  /// let name = Notification.Name("ping")
  /// print(NotificationCenter.default.publisher(for: name) == NotificationCenter.default.publisher(for: name))  // true
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: A publisher to compare.
  ///   - rhs: Another publisher to compare.
  /// - Returns: Whether the two publishers observe the same notifications.
  public static func == (lhs: NotificationCenter.Publisher, rhs: NotificationCenter.Publisher) -> Bool {
    lhs.center === rhs.center && lhs.name == rhs.name && lhs.object === rhs.object
  }
}
#endif
