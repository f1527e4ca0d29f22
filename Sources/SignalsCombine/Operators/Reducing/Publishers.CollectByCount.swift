// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

extension Publisher {
  /// Collects values into arrays of `count` and publishes each array when it is full.
  ///
  /// Demand is counted in arrays: each unit downstream asks for becomes `count` values asked of
  /// upstream. When upstream finishes, a partly filled array is delivered before `.finished`, as
  /// in Combine whatever downstream's demand; when upstream fails, the partial array is discarded
  /// and the failure forwarded. As in Combine, every completion upstream sends is forwarded, even
  /// after a cancel, and requesting `.none` stops the program.
  ///
  /// ```swift
  /// let cancellable = (1...5).publisher.collect(2).sink { print($0) }
  /// // Prints: [1, 2]
  /// //         [3, 4]
  /// //         [5]
  /// ```
  ///
  /// - Parameter count: The number of values in each array.
  /// - Returns: A ``Publishers/CollectByCount`` publisher.
  public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
    Publishers.CollectByCount(upstream: self, count: count)
  }
}

extension Publishers {
  /// A publisher that delivers upstream values in arrays of a fixed size.
  ///
  /// Made by ``Publisher/collect(_:)``.
  ///
  /// ```swift
  /// let batches = Publishers.CollectByCount(upstream: ["a", "b", "c"].publisher, count: 2)
  /// let cancellable = batches.sink { print($0) }
  /// // Prints: ["a", "b"]
  /// //         ["c"]
  /// ```
  public struct CollectByCount<Upstream: Publisher>: Publisher {
    /// An array of up to `count` upstream values.
    public typealias Output = [Upstream.Output]
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are collected.
    public let upstream: Upstream

    /// The number of values in each array.
    public let count: Int

    /// Creates a publisher that collects the values of `upstream` in arrays of `count`.
    ///
    /// ```swift
    /// let pairs = Publishers.CollectByCount(upstream: (1...4).publisher, count: 2)
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are collected.
    ///   - count: The number of values in each array.
    public init(upstream: Upstream, count: Int) {
      self.upstream = upstream
      self.count = count
    }

    /// Attaches `subscriber` through an inner that fills the arrays.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, count: count))
    }
  }
}

extension Publishers.CollectByCount: Equatable where Upstream: Equatable {}

extension Publishers.CollectByCount: Sendable where Upstream: Sendable {}

extension Publishers.CollectByCount {
  /// Combine's rules, which differ from the other operators': a completion is always forwarded
  /// (a finish with the partial array, which goes out whatever the demand), even after a cancel or
  /// another completion; a value is taken only while subscribed; a full array goes out whatever
  /// the demand; a cancel before the subscription arrives is not remembered.
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible
  where Downstream.Input == [Upstream.Output], Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private struct State {
      /// Upstream's subscription, from its arrival until a completion or a cancel.
      var upstream: (any Subscription)?
      /// Whether a completion or a cancel ended the link: a later subscription is cancelled.
      var ended = false
      /// The array being filled.
      var buffer: [Input] = []
    }

    private let downstream: Downstream
    /// Counts downstream's demand in arrays.
    private let count: Int
    private let state = LockedState.make(State())

    init(downstream: Downstream, count: Int) {
      self.downstream = downstream
      self.count = count
    }

    func receive(subscription: any Subscription) {
      let accepted = state.withLock { state in
        guard !state.ended, state.upstream == nil else { return false }
        state.upstream = subscription
        return true
      }
      guard accepted else { return subscription.cancel() }
      downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      let full: [Input]? = state.withLock { state in
        guard state.upstream != nil else { return nil }
        state.buffer.append(input)
        guard state.buffer.count >= count else { return nil }
        defer { state.buffer = [] }
        return state.buffer
      }
      guard let full else { return .none }
      return downstream.receive(full) * count
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let partial: [Input] = state.withLock { state in
        state.upstream = nil
        state.ended = true
        defer { state.buffer = [] }
        guard case .finished = completion else { return [] }
        return state.buffer
      }
      if !partial.isEmpty { _ = downstream.receive(partial) }
      downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      precondition(demand != .none, "CollectByCount: a subscriber requested .none; demand must be positive")
      state.withLock { $0.upstream }?.request(demand * count)
    }

    func cancel() {
      let upstream: (any Subscription)? = state.withLock { state in
        guard let upstream = state.upstream else { return nil }
        state.upstream = nil
        state.ended = true
        state.buffer = []
        return upstream
      }
      upstream?.cancel()
    }

    var description: String { "CollectByCount" }

    var customMirror: Mirror {
      let (upstream, buffer) = state.withLock { ($0.upstream, $0.buffer) }
      let children: [Mirror.Child] = [
        ("downstream", downstream), ("upstreamSubscription", upstream as Any), ("buffer", buffer), ("count", count),
      ]
      return Mirror(self, children: children)
    }

    var playgroundDescription: Any { description }
  }
}
#endif
