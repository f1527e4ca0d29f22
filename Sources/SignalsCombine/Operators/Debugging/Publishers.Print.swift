// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher {
  /// Logs every event that passes through, for debugging.
  ///
  /// Each subscription, value, completion, request and cancel is written as one line, in the
  /// same words Combine uses, each starting with `prefix` and `": "` when a prefix is given:
  /// `receive subscription: (…)`, `request unlimited`, `request max: (2)`, `receive value: (1)`,
  /// `request max: (1) (synchronous)` (the demand a value's delivery returned, when not `.none`),
  /// `receive finished`, `receive error: (…)`, `receive cancel`. Lines go to `stream`, or to
  /// standard output when it is `nil`. Demand, values and completion pass through unchanged.
  ///
  /// ```swift
  /// let cancellable = Just(1).print("numbers").sink { _ in }
  /// // Prints: numbers: receive subscription: (Just)
  /// //         numbers: request unlimited
  /// //         numbers: receive value: (1)
  /// //         numbers: receive finished
  /// ```
  ///
  /// - Note: Lines are written on whichever thread the event happens; a stream shared between
  ///   threads must be safe to write from them. A value-type stream is copied for each line, so
  ///   use a class (or `nil`) to see the output.
  ///
  /// - Parameters:
  ///   - prefix: Text that starts every line.
  ///   - stream: Where the lines go; standard output when `nil`.
  /// - Returns: A ``Publishers/Print`` publisher.
  public func print(_ prefix: String = "", to stream: (any TextOutputStream)? = nil) -> Publishers.Print<Self> {
    Publishers.Print(upstream: self, prefix: prefix, to: stream)
  }
}

extension Publishers {
  /// A publisher that logs the events passing through it.
  ///
  /// Made by ``Publisher/print(_:to:)``.
  ///
  /// ```swift
  /// let logged = Publishers.Print(upstream: Just(1), prefix: "one")
  /// let cancellable = logged.sink { _ in }
  /// // Prints: one: receive subscription: (Just)
  /// //         one: request unlimited
  /// //         one: receive value: (1)
  /// //         one: receive finished
  /// ```
  public struct Print<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// Text that starts every line.
    public let prefix: String

    /// The publisher whose events are logged.
    public let upstream: Upstream

    /// Where the lines go; standard output when `nil`.
    public let stream: (any TextOutputStream)?

    /// Creates a publisher that logs the events of `upstream`.
    ///
    /// ```swift
    /// let logged = Publishers.Print(upstream: Just(1), prefix: "one")
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose events are logged.
    ///   - prefix: Text that starts every line.
    ///   - stream: Where the lines go; standard output when `nil`.
    public init(upstream: Upstream, prefix: String, to stream: (any TextOutputStream)? = nil) {
      self.upstream = upstream
      self.prefix = prefix
      self.stream = stream
    }

    /// Attaches `subscriber` through an inner that logs each event.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, prefix: prefix, stream: stream))
    }
  }
}

extension Publishers.Print {
  /// As in Combine, events pass through unchecked: each is printed and forwarded, even before the
  /// subscription or after the end.
  private final class Inner<Downstream: Subscriber>: OperatorInner<Output, Upstream.Failure, Downstream>
  where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
    private let prefix: String
    /// Never mutated in place: each line writes to a copy, so the inner holds no shared mutable
    /// state (a class stream receives every line; a value stream's copies are discarded).
    private let stream: (any TextOutputStream)?

    init(downstream: Downstream, prefix: String, stream: (any TextOutputStream)?) {
      self.prefix = prefix.isEmpty ? "" : "\(prefix): "
      self.stream = stream
      super.init(downstream: downstream, rules: .passing)
    }

    override var description: String { "Print" }

    override var customMirror: Mirror { Mirror(self, children: [:]) }

    override func receive(subscription: any Subscription) {
      log("receive subscription: (\(subscription))")
      super.receive(subscription: subscription)
    }

    override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
      log("receive value: (\(input))")
      let demand = downstream.receive(input)
      if demand != .none { log(Self.describe(demand) + " (synchronous)") }
      return demand
    }

    override func receive(completion: Subscribers.Completion<Failure>) {
      switch completion {
      case .finished: log("receive finished")
      case .failure(let error): log("receive error: (\(error))")
      }
      link.terminateIfSubscribed()
      downstream.receive(completion: completion)
    }

    override func request(_ demand: Subscribers.Demand) {
      log(Self.describe(demand))
      super.request(demand)
    }

    override func cancel() {
      log("receive cancel")
      super.cancel()
    }

    /// A concrete wrapper, so `print(_:to:)` gets a concrete stream type.
    private struct Target: TextOutputStream {
      var stream: any TextOutputStream

      mutating func write(_ string: String) {
        stream.write(string)
      }
    }

    private static func describe(_ demand: Subscribers.Demand) -> String {
      if let max = demand.max { return "request max: (\(max))" }
      return "request unlimited"
    }

    private func log(_ line: String) {
      if let stream {
        var target = Target(stream: stream)
        Swift.print(prefix + line, to: &target)
      } else {
        Swift.print(prefix + line)
      }
    }
  }
}
#endif
