// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

extension Publisher {
  /// Shares one subscription to this publisher among every subscriber.
  ///
  /// The first subscriber connects: this publisher is subscribed once, and every subscriber gets
  /// the values sent from then on. It is ``Publisher/multicast(subject:)`` with a
  /// ``PassthroughSubject``, followed by ``ConnectablePublisher/autoconnect()``. The classic use is
  /// one network request whose result several parts of an app observe.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let shared = Deferred { () -> PassthroughSubject<Int, Never> in
  ///   print("subscribed")
  ///   return subject
  /// }.share()
  /// let a = shared.sink { print("a", $0) }  // Prints: subscribed
  /// let b = shared.sink { print("b", $0) }  // (no second subscription)
  /// subject.send(1)                          // Prints: a 1, then b 1
  /// ```
  ///
  /// - Note: Demand: this publisher is asked for unlimited values once any subscriber has demand;
  ///   a subscriber without demand misses the values sent meanwhile.
  /// - Note: Threading: values arrive on the thread this publisher sends them on.
  /// - Important: Completion: forwarded to every subscriber. As in Combine, the share does not
  ///   start over: a subscriber that attaches after the completion receives it at once, and this
  ///   publisher is not subscribed again. When every subscriber has cancelled (before any
  ///   completion), the shared subscription is cancelled and the next subscriber connects anew.
  ///
  /// - Returns: A class publisher; two shares are equal only if they are the same instance.
  public func share() -> Publishers.Share<Self> {
    Publishers.Share(upstream: self)
  }
}

extension Publishers {
  /// The publisher ``Publisher/share()`` returns: one subscription to the upstream, shared by
  /// every subscriber, made when the first one attaches.
  ///
  /// It is a class so that every copy of a reference shares the same connection; equality is
  /// identity.
  ///
  /// ```swift
  /// let shared = Publishers.Share(upstream: PassthroughSubject<Int, Never>())
  /// print(shared == shared)  // Prints: true
  /// ```
  public final class Share<Upstream: Publisher>: Publisher, Equatable {
    /// The upstream's output.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The shared publisher.
    public let upstream: Upstream
    private let inner: Publishers.Autoconnect<Publishers.Multicast<Upstream, PassthroughSubject<Output, Failure>>>

    /// Creates the publisher; ``Publisher/share()`` is the usual way.
    ///
    /// - Parameter upstream: The publisher to share.
    public init(upstream: Upstream) {
      self.upstream = upstream
      inner = upstream.multicast(subject: PassthroughSubject()).autoconnect()
    }

    /// Attaches `subscriber`, connecting to the upstream if it is the first.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      inner.subscribe(subscriber)
    }

    /// Whether `lhs` and `rhs` are the same instance.
    ///
    /// ```swift
    /// let subject = PassthroughSubject<Int, Never>()
    /// print(subject.share() == subject.share())  // Prints: false
    /// ```
    ///
    /// - Parameters:
    ///   - lhs: A share.
    ///   - rhs: Another share.
    /// - Returns: `true` when both are the same object.
    public static func == (lhs: Share, rhs: Share) -> Bool {
      lhs === rhs
    }
  }
}

// Safety: `Share` has no mutable state of its own; `inner` keeps its state in `LockedState`s
// (`Autoconnect`'s and `Multicast`'s), and its subject factory only returns one
// `PassthroughSubject`, itself `Sendable`.
extension Publishers.Share: @unchecked Sendable where Upstream: Sendable {}
#endif
