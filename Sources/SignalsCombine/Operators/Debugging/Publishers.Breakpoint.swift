// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Publisher {
  /// Stops in the debugger when a closure says so, leaving the events unchanged.
  ///
  /// Each closure is asked about its event just before the event is passed on; when it returns
  /// `true`, the process raises `SIGTRAP`, which an attached debugger catches (without one, the
  /// process ends). Closures run on the thread of their event, outside any lock.
  ///
  /// ```swift
  /// let cancellable = (1...3).publisher
  ///   .breakpoint(receiveOutput: { $0 == 2 })  // stops in the debugger before 2 is delivered
  ///   .sink { print($0) }
  /// // Prints: 1, 2, 3 (one per line), once the debugger continues
  /// ```
  ///
  /// - Parameters:
  ///   - receiveSubscription: Returns `true` to stop when the subscription arrives.
  ///   - receiveOutput: Returns `true` to stop at a value.
  ///   - receiveCompletion: Returns `true` to stop at the completion.
  /// - Returns: A ``Publishers/Breakpoint`` publisher.
  public func breakpoint(
    receiveSubscription: ((any Subscription) -> Bool)? = nil,
    receiveOutput: ((Output) -> Bool)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)? = nil
  ) -> Publishers.Breakpoint<Self> {
    Publishers.Breakpoint(
      upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
      receiveCompletion: receiveCompletion)
  }

  /// Stops in the debugger when upstream fails.
  ///
  /// It is ``breakpoint(receiveSubscription:receiveOutput:receiveCompletion:)`` with a completion
  /// closure that returns `true` for a failure.
  ///
  /// ```swift
  /// let cancellable = [1].publisher.breakpointOnError().sink { print($0) }
  /// // Prints: 1 (a failure would stop in the debugger)
  /// ```
  ///
  /// - Returns: A ``Publishers/Breakpoint`` publisher.
  public func breakpointOnError() -> Publishers.Breakpoint<Self> {
    breakpoint(receiveCompletion: { completion in
      if case .failure = completion { return true }
      return false
    })
  }
}

extension Publishers {
  /// A publisher that raises `SIGTRAP` when one of its closures asks to.
  ///
  /// Made by ``Publisher/breakpoint(receiveSubscription:receiveOutput:receiveCompletion:)`` and
  /// ``Publisher/breakpointOnError()``.
  ///
  /// ```swift
  /// let watched = Publishers.Breakpoint(upstream: Just(1), receiveOutput: { $0 < 0 })
  /// let cancellable = watched.sink { print($0) }
  /// // Prints: 1
  /// ```
  public struct Breakpoint<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose events are watched.
    public let upstream: Upstream

    /// Returns `true` to stop when the subscription arrives.
    public let receiveSubscription: ((any Subscription) -> Bool)?

    /// Returns `true` to stop at a value.
    public let receiveOutput: ((Upstream.Output) -> Bool)?

    /// Returns `true` to stop at the completion.
    public let receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Bool)?

    /// Creates a publisher that raises `SIGTRAP` when a closure returns `true` for an event of
    /// `upstream`.
    ///
    /// ```swift
    /// let watched = Publishers.Breakpoint(upstream: Just(1), receiveOutput: { $0 < 0 })
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose events are watched.
    ///   - receiveSubscription: Returns `true` to stop when the subscription arrives.
    ///   - receiveOutput: Returns `true` to stop at a value.
    ///   - receiveCompletion: Returns `true` to stop at the completion.
    public init(
      upstream: Upstream,
      receiveSubscription: ((any Subscription) -> Bool)? = nil,
      receiveOutput: ((Upstream.Output) -> Bool)? = nil,
      receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)? = nil
    ) {
      self.upstream = upstream
      self.receiveSubscription = receiveSubscription
      self.receiveOutput = receiveOutput
      self.receiveCompletion = receiveCompletion
    }

    /// Attaches `subscriber` to `upstream` through a relay that asks the closures.
    ///
    /// As in Combine, `subscriber` receives the upstream's own subscription.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Relay(downstream: subscriber, breakpoint: self))
    }
  }
}

/// Stops the process with `SIGTRAP`, for a debugger to catch.
private func raiseBreakpoint() {
  #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
  raise(SIGTRAP)
  #endif
}

extension Publishers.Breakpoint {
  /// Breakpoint's subscriber: it asks the closures about each event, raises `SIGTRAP` when one
  /// answers `true`, and hands the event through (the subscription too).
  private struct Relay<Downstream: Subscriber>: RelayingSubscriber
  where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
    typealias Input = Output
    typealias Failure = Upstream.Failure

    let combineIdentifier = CombineIdentifier()
    let downstream: Downstream
    let breakpoint: Publishers.Breakpoint<Upstream>

    var description: String { "Breakpoint" }

    func receive(subscription: any Subscription) {
      if breakpoint.receiveSubscription?(subscription) == true { raiseBreakpoint() }
      downstream.receive(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      if breakpoint.receiveOutput?(input) == true { raiseBreakpoint() }
      return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      if breakpoint.receiveCompletion?(completion) == true { raiseBreakpoint() }
      downstream.receive(completion: completion)
    }
  }
}
#endif
