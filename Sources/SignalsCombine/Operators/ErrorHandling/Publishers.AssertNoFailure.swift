// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher {
  /// Stops the program if upstream fails; otherwise republishes everything.
  ///
  /// Values, demand and `.finished` pass through. A failure traps with a message made of
  /// `prefix`, `": "` (when `prefix` is not empty) and the error, reported at `file` and `line`.
  /// Use it where a failure is a programming error, to make the publisher's failure type `Never`.
  ///
  /// ```swift
  /// let cancellable = [1, 2].publisher.setFailureType(to: (any Error).self)
  ///   .assertNoFailure("numbers")
  ///   .sink { print($0) }
  /// // Prints: 1, 2 (one per line); a failure would stop with "numbers: <error>"
  /// ```
  ///
  /// - Parameters:
  ///   - prefix: Text that starts the trap's message.
  ///   - file: The file reported by the trap.
  ///   - line: The line reported by the trap.
  /// - Returns: A ``Publishers/AssertNoFailure`` publisher.
  public func assertNoFailure(
    _ prefix: String = "", file: StaticString = #file, line: UInt = #line
  ) -> Publishers.AssertNoFailure<Self> {
    Publishers.AssertNoFailure(upstream: self, prefix: prefix, file: file, line: line)
  }
}

extension Publishers {
  /// A publisher that traps when its upstream fails.
  ///
  /// Made by ``Publisher/assertNoFailure(_:file:line:)``.
  ///
  /// ```swift
  /// let checked = Publishers.AssertNoFailure(upstream: Just(1), prefix: "one", file: #file, line: #line)
  /// let cancellable = checked.sink { print($0) }
  /// // Prints: 1
  /// ```
  public struct AssertNoFailure<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// Never: a failure traps instead.
    public typealias Failure = Never

    /// The publisher that must not fail.
    public let upstream: Upstream

    /// Text that starts the trap's message.
    public let prefix: String

    /// The file reported by the trap.
    public let file: StaticString

    /// The line reported by the trap.
    public let line: UInt

    /// Creates a publisher that traps if `upstream` fails.
    ///
    /// ```swift
    /// let checked = Publishers.AssertNoFailure(upstream: Just(1), prefix: "", file: #file, line: #line)
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher that must not fail.
    ///   - prefix: Text that starts the trap's message.
    ///   - file: The file reported by the trap.
    ///   - line: The line reported by the trap.
    public init(upstream: Upstream, prefix: String, file: StaticString, line: UInt) {
      self.upstream = upstream
      self.prefix = prefix
      self.file = file
      self.line = line
    }

    /// Attaches `subscriber` to `upstream` through a relay that traps on failure.
    ///
    /// As in Combine, `subscriber` receives the upstream's own subscription.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Relay(downstream: subscriber, prefix: prefix, file: file, line: line))
    }
  }
}

extension Publishers.AssertNoFailure: Sendable where Upstream: Sendable {}

extension Publishers.AssertNoFailure {
  /// AssertNoFailure's subscriber: it hands upstream's subscription, values and `.finished`
  /// through, and stops the process on a failure.
  private struct Relay<Downstream: Subscriber>: RelayingSubscriber
  where Downstream.Input == Output, Downstream.Failure == Never {
    typealias Input = Output
    typealias Failure = Upstream.Failure

    let combineIdentifier = CombineIdentifier()
    let downstream: Downstream
    let prefix: String
    let file: StaticString
    let line: UInt

    var description: String { "AssertNoFailure" }

    var customMirror: Mirror { Mirror(self, children: ["file": file, "line": line, "prefix": prefix]) }

    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      switch completion {
      case .finished:
        downstream.receive(completion: .finished)
      case .failure(let error):
        fatalError("\(prefix.isEmpty ? "" : prefix + ": ")\(error)", file: file, line: line)
      }
    }
  }
}
#endif
