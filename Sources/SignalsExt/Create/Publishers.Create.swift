// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals

extension AnyPublisher {
  /// Creates a publisher from a closure that pushes values and a completion into a subscriber
  /// handle: the way to wrap a callback or delegate API.
  ///
  /// The same as ``create(_:)``.
  ///
  /// ```swift
  /// let greeting = AnyPublisher<String, Never> { subscriber in
  ///   subscriber.send("hello")
  ///   subscriber.send(completion: .finished)
  ///   return AnyCancellable {}
  /// }
  /// let cancellable = greeting.sink { print($0) }  // Prints: hello
  /// ```
  ///
  /// - Parameter factory: Called once per subscriber, after it has its subscription; returns what
  ///   to cancel when the subscription ends.
  public init(_ factory: @escaping Publishers.Create<Output, Failure>.SubscriberHandler) {
    self = Publishers.Create(factory: factory).eraseToAnyPublisher()
  }

  /// Creates a publisher from a closure that pushes values and a completion into a subscriber
  /// handle: the way to wrap a callback or delegate API.
  ///
  /// For each subscriber, `factory` runs once, right after the subscriber has its subscription. It
  /// starts the work, keeps the handle (`subscriber`) for the callbacks to push into, and returns
  /// a `Cancellable` that stops the work. Signals runs that cancellable exactly once, when the
  /// subscription ends: when the subscriber cancels, or after the completion has been delivered.
  ///
  /// ```swift
  /// // A callback API: `start` reports each reading, `stop` ends the session.
  /// let readings = AnyPublisher<Double, Never>.create { subscriber in
  ///   let session = Thermometer.start { celsius in subscriber.send(celsius) }
  ///   return AnyCancellable { session.stop() }
  /// }
  /// let cancellable = readings.sink { print("\($0) °C") }
  /// // Prints each reading: 21.5 °C, 21.6 °C, …
  /// ```
  ///
  /// - Note: Demand: values sent while the subscriber has no demand wait, in order, in a buffer of
  ///   that subscriber's own, and are delivered as it asks for them; nothing is dropped, so a
  ///   source that outpaces a slow subscriber grows the buffer.
  /// - Note: Threading: the handle may be used from any thread. Values are delivered on the thread
  ///   that sends them (or that requests them, for buffered values), one call at a time; a send
  ///   from inside the subscriber's `receive(_:)` is queued and delivered after that call returns.
  /// - Important: Completion: delivered after every buffered value. After the completion or a
  ///   cancel, further sends are ignored.
  ///
  /// - Parameter factory: Called once per subscriber, on the subscribing thread; returns what to
  ///   cancel when the subscription ends.
  /// - Returns: A type-erased publisher.
  public static func create(
    _ factory: @escaping Publishers.Create<Output, Failure>.SubscriberHandler
  ) -> AnyPublisher<Output, Failure> {
    AnyPublisher(factory)
  }
}

extension Publishers {
  /// The publisher behind ``AnyPublisher/create(_:)``: each subscriber gets a handle to push
  /// values and a completion into, and a buffer that holds them until it asks.
  ///
  /// ```swift
  /// let countdown = Publishers.Create<Int, Never> { subscriber in
  ///   for second in (1...3).reversed() { subscriber.send(second) }
  ///   subscriber.send(completion: .finished)
  ///   return AnyCancellable {}
  /// }
  /// let cancellable = countdown.sink { print($0) }  // Prints: 3, 2, 1
  /// ```
  public struct Create<Output, Failure: Error>: Publisher {
    /// The closure run for each subscriber: it receives the handle and returns what to cancel when
    /// the subscription ends.
    public typealias SubscriberHandler = (Subscriber) -> any Cancellable

    private let factory: SubscriberHandler

    /// Creates the publisher; ``AnyPublisher/create(_:)`` is the usual way.
    ///
    /// - Parameter factory: Run once per subscriber; returns what to cancel when the subscription
    ///   ends.
    public init(factory: @escaping SubscriberHandler) {
      self.factory = factory
    }

    /// Gives `subscriber` its subscription, then runs the factory with a handle to it.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Signals.Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let subscription = DemandBufferSubscription(downstream: subscriber, description: "Create")
      subscription.start()
      // Cancelled from inside `receive(subscription:)`: there is nothing to start.
      guard !subscription.hasEnded else { return }
      let cleanup = factory(Subscriber(buffer: subscription))
      subscription.onEnd { cleanup.cancel() }
    }
  }
}

extension Publishers.Create {
  /// The handle ``AnyPublisher/create(_:)`` gives the factory: push values and the completion
  /// into it, from any thread.
  ///
  /// ```swift
  /// let words = AnyPublisher<String, Never>.create { subscriber in
  ///   subscriber.send("one")
  ///   subscriber.send(completion: .finished)
  ///   return AnyCancellable {}
  /// }
  /// ```
  public struct Subscriber: Sendable {
    private let buffer: DemandBuffer<Output, Failure>

    fileprivate init(buffer: DemandBuffer<Output, Failure>) {
      self.buffer = buffer
    }

    /// Sends a value: delivered now if the subscriber is waiting for one, otherwise buffered until
    /// it asks; ignored after the completion or a cancel.
    ///
    /// ```swift
    /// let numbers = AnyPublisher<Int, Never>.create { subscriber in
    ///   subscriber.send(1)
    ///   return AnyCancellable {}
    /// }
    /// ```
    ///
    /// - Parameter input: The value to send.
    public func send(_ input: Output) {
      buffer.send(input)
    }

    /// Ends the publisher: the subscriber receives `completion` after every buffered value. Only
    /// the first completion counts.
    ///
    /// ```swift
    /// let empty = AnyPublisher<Int, Never>.create { subscriber in
    ///   subscriber.send(completion: .finished)
    ///   return AnyCancellable {}
    /// }
    /// ```
    ///
    /// - Parameter completion: `.finished` or `.failure`.
    public func send(completion: Subscribers.Completion<Failure>) {
      buffer.send(completion: completion)
    }
  }
}
