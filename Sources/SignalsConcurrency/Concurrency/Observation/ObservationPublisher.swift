// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

#if canImport(Observation)
import Observation

/// A publisher of a value read from `@Observable` objects: the current value first, then the new
/// value after each change, delivered on `scheduler`.
///
/// Built on `withObservationTracking` from the toolchain's `Observation` module, so it works
/// wherever Observation does (Linux; Apple platforms from macOS 14, iOS 17, tvOS 17, watchOS 10).
/// `value` may read any number of observable properties, through nested objects too
/// (`{ model.settings.theme }`): a change to any of them, or to an object on the path, counts.
///
/// **When a change is delivered.** Observation announces a change *before* it happens (from the
/// property's setter, on the mutating thread). The publisher then schedules, on `scheduler`, a
/// fresh read of `value`, and delivers what that read returns. So the delivered value is the
/// new one, provided the change has landed when the scheduler runs the read: true when the
/// model is mutated on the scheduler's own serial context (a main-actor model with a main-thread
/// scheduler, a model confined to one queue), since the scheduled read runs after the mutating
/// code returns. Do not use `ImmediateScheduler`, which would read before the change lands.
///
/// **Several changes in one turn** (before the scheduled read runs) give one value: the newest.
/// Values are not compared: a change that sets the same value again is delivered again.
///
/// **Demand**: a change that lands while the subscriber has no demand is delivered (as the
/// newest value) once it asks again. **Lifetime**: cancelling releases `value` (and the objects
/// it captures) at once; Observation then holds only a weak reference to the subscription until
/// the next change.
///
/// ```swift
/// @Observable final class Model: @unchecked Sendable {
///   var query = ""
/// }
/// let model = Model()
/// let scheduler = DispatchQueue.main
/// let cancellable = ObservationPublisher(scheduler: scheduler) { model.query }
///   .sink { print("query:", $0) }
/// model.query = "s"
/// model.query = "sw"  // same turn: one delivery
/// // Prints: query:
/// //         query: sw   (on the next turn of the main queue)
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public struct ObservationPublisher<Output: Sendable, Context: Scheduler>: Publisher {
  /// Never fails: the publisher has no end of its own.
  public typealias Failure = Never

  /// The scheduler that delivers changes.
  public let scheduler: Context
  private let value: @Sendable () -> Output

  /// Creates a publisher of what `value` returns, re-read and delivered on `scheduler` after each
  /// change of an observable property it reads.
  ///
  /// ```swift
  /// let titles = ObservationPublisher(scheduler: DispatchQueue.main) { document.title }
  /// ```
  ///
  /// - Parameters:
  ///   - scheduler: Where changes are read and delivered; must run actions later, not at once.
  ///   - value: Reads observable properties; called once per delivery, with tracking.
  public init(scheduler: Context, _ value: @escaping @Sendable () -> Output) {
    self.scheduler = scheduler
    self.value = value
  }

  /// Subscribes `subscriber`, which receives the current value at its first request.
  ///
  /// ```swift
  /// ObservationPublisher(scheduler: DispatchQueue.main) { model.count }.subscribe(subscriber)
  /// ```
  ///
  /// - Parameter subscriber: The subscriber to attach.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    let subscription = ObservationSubscription(subscriber: subscriber, scheduler: scheduler, value: value)
    subscriber.receive(subscription: subscription)
  }

  /// A multi-consumer async sequence of the same values: each `for await` loop (each iterator)
  /// has its own subscription and sees the current value, then every change.
  ///
  /// ```swift
  /// let queries = ObservationPublisher(scheduler: DispatchQueue.main) { model.query }.values
  /// Task { for await query in queries { print("a", query) } }
  /// Task { for await query in queries { print("b", query) } }
  /// ```
  public var values: ObservationSequence<Output, Context> {
    ObservationSequence(publisher: self)
  }
}

/// An async sequence of the values an ``ObservationPublisher`` publishes; any number of loops may
/// iterate it, each through its own subscription, each seeing every value.
///
/// An iterator subscribes when it is made and buffers every value until it is read, so a loop
/// that is busy loses no change; it cancels its subscription when it is released or its task is
/// cancelled.
///
/// ```swift
/// let sequence = ObservationPublisher(scheduler: DispatchQueue.main) { model.count }.values
/// for await count in sequence { print(count) }  // current value, then every change
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public struct ObservationSequence<Element: Sendable, Context: Scheduler>: AsyncSequence {
  let publisher: ObservationPublisher<Element, Context>

  /// Subscribes and returns an iterator of the current value, then every change.
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: publisher.stream().makeAsyncIterator())
  }

  /// Reads one subscription's values.
  public struct Iterator: AsyncIteratorProtocol {
    var base: AsyncStream<Element>.Iterator

    /// The next value; `nil` once the task is cancelled.
    public mutating func next() async -> Element? {
      await base.next()
    }
  }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@available(*, unavailable)
extension ObservationSequence.Iterator: Sendable {}
#endif
