// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport

/// The failure a marble diagram's `#` sends when no other failure is given.
///
/// ```swift
/// let failing = DispatchQueue.test.publisher(marbles: "-#", tick: .seconds(1))
/// // failing's Failure is MarbleError
/// ```
public struct MarbleError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Creates the error.
  public init() {}

  /// `MarbleError`.
  public var description: String { "MarbleError" }
}

extension TestScheduler {
  /// A publisher that sends what `diagram` describes, each tick `tick` of virtual time after now.
  ///
  /// The timeline starts when this method is called (tick 0 is ``now``), as a live source does:
  /// a subscriber that arrives late misses what was sent before. Values are the diagram's
  /// characters, as one-character strings; `#` fails with ``MarbleError``.
  ///
  /// ```swift
  /// let scheduler = DispatchQueue.test
  /// let input = scheduler.publisher(marbles: "-a-b|", tick: .seconds(1))
  /// let cancellable = input.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// scheduler.run()
  /// // Prints: a
  /// //         b
  /// //         finished
  /// ```
  ///
  /// - Parameters:
  ///   - diagram: The timeline.
  ///   - tick: How much virtual time one character stands for.
  /// - Returns: The publisher.
  public func publisher(marbles diagram: MarbleDiagram, tick: SchedulerTimeType.Stride) -> AnyPublisher<
    String, MarbleError
  > {
    publisher(marbles: diagram, values: { String($0) }, failure: MarbleError(), tick: tick)
  }

  /// A publisher that sends what `diagram` describes, with each symbol turned into a value by
  /// `values` and `#` failing with `failure`.
  ///
  /// ```swift
  /// let scheduler = DispatchQueue.test
  /// let numbers = scheduler.publisher(
  ///   marbles: "1-2|", values: { Int(String($0))! }, failure: URLError(.timedOut), tick: .milliseconds(100))
  /// let cancellable = numbers.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// scheduler.run()
  /// // Prints: 1
  /// //         2
  /// ```
  ///
  /// - Parameters:
  ///   - diagram: The timeline.
  ///   - values: The value for each symbol.
  ///   - failure: What `#` sends.
  ///   - tick: How much virtual time one character stands for.
  /// - Returns: The publisher.
  public func publisher<Value, Failure: Error>(
    marbles diagram: MarbleDiagram,
    values: @escaping (Character) -> Value,
    failure: Failure,
    tick: SchedulerTimeType.Stride
  ) -> AnyPublisher<Value, Failure> {
    precondition(tick > .zero, "TestScheduler.publisher(marbles:): the tick must be greater than zero")
    let subject = PassthroughSubject<Value, Failure>()
    let start = now
    for event in diagram.events {
      let date = start.advanced(by: Self.duration(ofTicks: event.tick, tick: tick))
      schedule(after: date, tolerance: .zero, options: nil) {
        switch event.kind {
        case .value(let symbol): subject.send(values(symbol))
        case .finished: subject.send(completion: .finished)
        case .failure: subject.send(completion: .failure(failure))
        }
      }
    }
    return subject.eraseToAnyPublisher()
  }

  /// Subscribes to `publisher` with unlimited demand and records, from now on, on which tick each
  /// of its events arrives, as a ``MarbleDiagram``.
  ///
  /// ```swift
  /// let scheduler = DispatchQueue.test
  /// let input = scheduler.publisher(marbles: "-a-b--c|", tick: .seconds(1))
  /// let output = scheduler.record(input.debounce(for: .seconds(2), scheduler: scheduler), tick: .seconds(1))
  /// scheduler.run()
  /// print(output.diagram)  // -----b-|  (a is replaced by b; c is still waiting at the finish)
  /// ```
  ///
  /// - Parameters:
  ///   - publisher: The publisher under test.
  ///   - tick: How much virtual time one character stands for; an event between two ticks is
  ///     placed on the earlier one and marked `'`.
  ///   - symbol: The character that stands for a value; by default its description when that is
  ///     one character, `?` otherwise.
  /// - Returns: The recorder; keep it alive for as long as you record.
  public func record<P: Publisher>(
    _ publisher: P,
    tick: SchedulerTimeType.Stride,
    symbol: @escaping (P.Output) -> Character = MarbleRecorder<P.Output, P.Failure>.defaultSymbol
  ) -> MarbleRecorder<P.Output, P.Failure> {
    precondition(tick > .zero, "TestScheduler.record(_:tick:): the tick must be greater than zero")
    let start = now
    let recorder = MarbleRecorder<P.Output, P.Failure>(symbol: symbol) { [weak self] in
      guard let self else { return (0, false) }
      return Self.ticks(in: start.distance(to: self.now), tick: tick)
    }
    publisher.subscribe(recorder)
    return recorder
  }

  /// `tick` times `count`, by repeated addition (a stride need not be multipliable by an `Int`).
  static func duration(ofTicks count: Int, tick: SchedulerTimeType.Stride) -> SchedulerTimeType.Stride {
    var total = SchedulerTimeType.Stride.zero
    for _ in 0..<count { total += tick }
    return total
  }

  /// How many whole ticks fit in `distance`, and whether some time is left over.
  static func ticks(
    in distance: SchedulerTimeType.Stride,
    tick: SchedulerTimeType.Stride
  ) -> (count: Int, isBetweenTicks: Bool) {
    var count = 0
    var elapsed = SchedulerTimeType.Stride.zero
    while elapsed + tick <= distance {
      count += 1
      elapsed += tick
    }
    return (count, elapsed != distance)
  }
}

/// Records on which tick each event of a publisher arrives; made by
/// ``TestScheduler/record(_:tick:symbol:)``.
///
/// ```swift
/// let output = scheduler.record(input.delay(for: .seconds(1), scheduler: scheduler), tick: .seconds(1))
/// scheduler.run()
/// #expect(output.diagram == "--a-b|")
/// ```
public final class MarbleRecorder<Input, Failure: Error>: Subscriber, Cancellable {
  private struct State {
    var events: [MarbleDiagram.Event] = []
    var subscription: (any Subscription)?
  }

  private let state = LockedState.make(State())
  private let symbol: (Input) -> Character
  private let currentTick: () -> (count: Int, isBetweenTicks: Bool)

  init(symbol: @escaping (Input) -> Character, currentTick: @escaping () -> (count: Int, isBetweenTicks: Bool)) {
    self.symbol = symbol
    self.currentTick = currentTick
  }

  /// The symbol of a value: its description when that is one character, `?` otherwise.
  ///
  /// - Parameter value: The value.
  /// - Returns: Its symbol.
  public static func defaultSymbol(_ value: Input) -> Character {
    let text = String(describing: value)
    return text.count == 1 ? Character(text) : "?"
  }

  /// What arrived so far, as a diagram.
  public var diagram: MarbleDiagram {
    MarbleDiagram(events: state.withLock { $0.events })
  }

  /// Requests unlimited values.
  public func receive(subscription: any Subscription) {
    state.withLock { $0.subscription = subscription }
    subscription.request(.unlimited)
  }

  /// Records the value on the current tick.
  public func receive(_ input: Input) -> Subscribers.Demand {
    let (tick, isBetweenTicks) = currentTick()
    let event = MarbleDiagram.Event(tick: tick, kind: .value(symbol(input)), isBetweenTicks: isBetweenTicks)
    state.withLock { $0.events.append(event) }
    return .none
  }

  /// Records the completion on the current tick.
  public func receive(completion: Subscribers.Completion<Failure>) {
    let kind: MarbleDiagram.Event.Kind
    switch completion {
    case .finished: kind = .finished
    case .failure: kind = .failure
    }
    let (tick, isBetweenTicks) = currentTick()
    let event = MarbleDiagram.Event(tick: tick, kind: kind, isBetweenTicks: isBetweenTicks)
    state.withLock { $0.events.append(event) }
  }

  /// Cancels the subscription; what was recorded stays.
  public func cancel() {
    state.withLock { $0.subscription }?.cancel()
  }
}

// Safety: all mutable state is in `state`, a `LockedState`; `symbol` and `currentTick` are
// immutable and called only from the subscriber methods, which the contract serialises.
extension MarbleRecorder: @unchecked Sendable {}
