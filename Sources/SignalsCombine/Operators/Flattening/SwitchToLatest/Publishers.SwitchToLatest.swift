// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher where Output: Publisher, Output.Failure == Failure {
  /// Republishes the values of the most recent publisher the upstream sent, dropping the previous
  /// one.
  ///
  /// Each time the upstream sends a publisher, the one subscribed before is cancelled and the new
  /// one is subscribed, so only the latest publisher's values reach the subscriber. The classic
  /// use is a search field: each keystroke starts a request and the stale ones are cancelled.
  ///
  /// ```swift
  /// let queries = PassthroughSubject<PassthroughSubject<String, Never>, Never>()
  /// let cancellable = queries.switchToLatest().sink { print($0) }
  /// let first = PassthroughSubject<String, Never>()
  /// let second = PassthroughSubject<String, Never>()
  /// queries.send(first)
  /// first.send("a")
  /// queries.send(second)
  /// first.send("stale")
  /// second.send("b")
  /// // Prints: a
  /// //         b
  /// ```
  ///
  /// - Note: Demand. The upstream is asked for unlimited publishers. Each new inner publisher is
  ///   asked for the demand the subscriber still has outstanding, and later requests go to the
  ///   current inner, so demand carries over from one inner to the next.
  /// - Note: Completion. The operator finishes once the upstream and the current inner have both
  ///   finished. A failure of the upstream cancels the current inner; a failure of the current
  ///   inner cancels the upstream; either is delivered to the subscriber. Cancelling cancels the
  ///   current inner, then the upstream (Combine's order).
  /// - Note: Threading. Calls to the subscriber are serialised without holding a lock while they
  ///   run; a value accepted while another is being delivered is delivered right after it.
  ///
  /// - Returns: A ``Publishers/SwitchToLatest`` publisher.
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
    Publishers.SwitchToLatest(upstream: self)
  }
}

extension Publisher where Output: Publisher, Failure == Never, Output.Failure == Never {
  /// Republishes the values of the most recent publisher the upstream sent, when neither can fail.
  ///
  /// The same operator as ``Publisher/switchToLatest()-24ljw``, chosen when neither the upstream nor
  /// its publishers can fail.
  ///
  /// ```swift
  /// let cancellable = [Just(1), Just(2)].publisher.switchToLatest().sink { print($0) }
  /// // Prints: 1
  /// //         2
  /// ```
  ///
  /// - Note: Demand, completion and threading are those of ``Publisher/switchToLatest()-24ljw``.
  ///
  /// - Returns: A ``Publishers/SwitchToLatest`` publisher.
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
    Publishers.SwitchToLatest(upstream: self)
  }
}

extension Publisher where Output: Publisher, Failure == Never {
  /// Republishes the values of the most recent publisher the upstream sent, when only those
  /// publishers can fail.
  ///
  /// The upstream's failure type is raised to its publishers' with
  /// ``Publisher/setFailureType(to:)`` first; otherwise the operator is
  /// ``Publisher/switchToLatest()-24ljw``.
  ///
  /// ```swift
  /// struct Offline: Error {}
  /// let requests = PassthroughSubject<Fail<String, Offline>, Never>()
  /// let cancellable = requests.switchToLatest().sink(receiveCompletion: { print($0) }, receiveValue: { _ in })
  /// requests.send(Fail(error: Offline()))
  /// // Prints: failure(Offline())
  /// ```
  ///
  /// - Note: Demand, completion and threading are those of ``Publisher/switchToLatest()-24ljw``.
  ///
  /// - Returns: A ``Publishers/SwitchToLatest`` over the upstream with its failure type raised.
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Publishers.SetFailureType<Self, Output.Failure>> {
    setFailureType(to: Output.Failure.self).switchToLatest()
  }
}

extension Publisher where Output: Publisher, Output.Failure == Never {
  /// Republishes the values of the most recent publisher the upstream sent, when only the
  /// upstream can fail.
  ///
  /// Each publisher's failure type is raised to the upstream's with
  /// ``Publisher/setFailureType(to:)``; otherwise the operator is ``Publisher/switchToLatest()-24ljw``.
  ///
  /// ```swift
  /// struct Offline: Error {}
  /// let queries = PassthroughSubject<Just<String>, Offline>()
  /// let cancellable = queries.switchToLatest().sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// queries.send(Just("results"))
  /// // Prints: results
  /// ```
  ///
  /// - Note: Demand, completion and threading are those of ``Publisher/switchToLatest()-24ljw``.
  ///
  /// - Returns: A ``Publishers/SwitchToLatest`` over publishers with their failure type raised.
  public func switchToLatest()
    -> Publishers.SwitchToLatest<
      Publishers.SetFailureType<Output, Failure>, Publishers.Map<Self, Publishers.SetFailureType<Output, Failure>>
    >
  {
    map { $0.setFailureType(to: Failure.self) }.switchToLatest()
  }
}

extension Publishers {
  /// A publisher that republishes the values of the latest publisher its upstream sent.
  ///
  /// Made by ``Publisher/switchToLatest()-24ljw``; see there for demand, completion and threading.
  ///
  /// ```swift
  /// let latest = Publishers.SwitchToLatest(upstream: [Just(1), Just(2)].publisher)
  /// let cancellable = latest.sink { print($0) }
  /// // Prints: 1
  /// //         2
  /// ```
  public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher
  where P == Upstream.Output, P.Failure == Upstream.Failure {
    /// The inner publishers' output type.
    public typealias Output = P.Output

    /// The failure type shared by the upstream and its publishers.
    public typealias Failure = P.Failure

    /// The publisher that sends publishers.
    public let upstream: Upstream

    /// Creates a publisher that follows the latest publisher `upstream` sent.
    ///
    /// ```swift
    /// let latest = Publishers.SwitchToLatest(upstream: requests)
    /// ```
    ///
    /// - Parameter upstream: The publisher that sends publishers.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Hands `subscriber` its subscription, then subscribes to the upstream.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let storage = SwitchToLatestStorage<P, S>(downstream: subscriber)
      subscriber.receive(subscription: storage)
      upstream.subscribe(storage)
    }
  }
}

extension Publishers.SwitchToLatest: Sendable where Upstream: Sendable {}
#endif
