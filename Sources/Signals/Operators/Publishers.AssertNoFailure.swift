// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

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

    /// Attaches `subscriber` through an inner that traps on failure.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, message: Self.message(prefix), file: file, line: line))
    }

    /// The start of the trap's message: `prefix` and `": "`, or nothing.
    static func message(_ prefix: String) -> String { prefix.isEmpty ? "" : prefix + ": " }
  }
}

extension Publishers.AssertNoFailure: Sendable where Upstream: Sendable {}

extension Publishers.AssertNoFailure {
  private final class Inner<Downstream: Subscriber>: ForwardingInner<Output, Upstream.Failure, Downstream>
  where Downstream.Input == Output, Downstream.Failure == Never {
    private let message: String
    private let file: StaticString
    private let line: UInt

    init(downstream: Downstream, message: String, file: StaticString, line: UInt) {
      self.message = message
      self.file = file
      self.line = line
      super.init(downstream: downstream)
    }

    override var description: String { "AssertNoFailure" }

    override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
      send(input, admission)
    }

    override func mapFailure(_ failure: Failure) -> Never {
      fatalError("\(message)\(failure)", file: file, line: line)
    }
  }
}
