// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
@_spi(Signals) import SignalsSupport

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

/// A scheduler that runs work on the main actor: at once when the caller already runs there and
/// nothing scheduled earlier is still waiting, otherwise on the main queue, in the order it was
/// scheduled.
///
/// Use it with ``Publisher/receive(on:options:)`` as `.mainActor`. Unlike `DispatchQueue.main`,
/// a value sent on the main actor is delivered in the same turn — a UI update or an animation stays
/// in the run-loop turn that caused it. The closures after it, written in a `@MainActor` type, are
/// the main actor's, and run there:
///
/// ```swift
/// @MainActor final class FeedViewModel: ObservableObject {
///   @Published var items: [String] = []
///   private var subscriptions = Set<AnyCancellable>()
///
///   init(events: PassthroughSubject<String, Never>) {
///     events
///       .receive(on: .mainActor)
///       .sink { [weak self] in self?.items.append($0) }  // the main actor's closure: no assumeIsolated
///       .store(in: &subscriptions)
///   }
/// }
/// ```
///
/// - Note: Work scheduled from off the main actor hops there with `DispatchQueue.main.async`,
///   which is the main actor's executor. Order is kept per lane: each `receive(on: .mainActor)`
///   subscription has its own, so a value sent on the main actor while earlier values of the same
///   subscription still wait runs after them, not inline, while other subscriptions are not held
///   up (with Signals' own `receive(on:)`; Apple's calls `schedule(options:_:)` for each value).
///   Direct `schedule` calls share one lane. Dated work (`schedule(after:)`) runs at its date
///   on the main queue, outside any lane.
public struct MainActorScheduler: Scheduler, Sendable {
  /// The main queue's time type: ``MainActorScheduler`` tells time as `DispatchQueue.main` does.
  public typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType

  /// No options: the main actor has one priority.
  public typealias SchedulerOptions = Never

  /// The scheduler.
  ///
  /// ```swift
  /// let cancellable = subject.receive(on: MainActorScheduler.shared).sink { label.text = $0 }
  /// ```
  public static let shared = MainActorScheduler()

  /// The one lane of direct `schedule` calls; `receive(on: .mainActor)` gives each subscription a
  /// lane of its own, so that one pipeline's backlog never delays another's inline delivery. Held
  /// by the scheduler value (made once, for ``shared``), so a call reaches it without a `static`'s
  /// once-check.
  private let lane: MainActorLane

  private init() {
    lane = MainActorLane()
  }

  /// The main queue's current time.
  public var now: SchedulerTimeType { DispatchQueue.main.now }

  /// The main queue's minimum tolerance.
  public var minimumTolerance: SchedulerTimeType.Stride { DispatchQueue.main.minimumTolerance }

  /// Runs `action` on the main actor: inline when called there with nothing waiting, otherwise
  /// after everything scheduled before it.
  ///
  /// ```swift
  /// MainActorScheduler.shared.schedule { print("on the main actor") }
  /// ```
  ///
  /// - Parameters:
  ///   - options: Unused; there are none.
  ///   - action: The work.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    lane.schedule(action)
  }

  /// Runs `action` on the main queue at `date`.
  ///
  /// - Parameters:
  ///   - date: When to run.
  ///   - tolerance: The leeway dispatch may take.
  ///   - options: Unused; there are none.
  ///   - action: The work.
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    DispatchQueue.main.schedule(after: date, tolerance: tolerance, options: nil, action)
  }

  /// Runs `action` on the main queue at `date` and every `interval` after, until cancelled.
  ///
  /// - Parameters:
  ///   - date: The first run.
  ///   - interval: The time between runs.
  ///   - tolerance: The leeway dispatch may take.
  ///   - options: Unused; there are none.
  ///   - action: The work.
  /// - Returns: A cancellable that stops the runs.
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    DispatchQueue.main.schedule(after: date, interval: interval, tolerance: tolerance, options: nil, action)
  }
}

extension Scheduler where Self == MainActorScheduler {
  /// The main actor, as a scheduler: `receive(on: .mainActor)`.
  ///
  /// ```swift
  /// let cancellable = events
  ///   .receive(on: .mainActor)
  ///   .sink { model.items.append($0) }  // a @MainActor closure
  /// ```
  public static var mainActor: MainActorScheduler { .shared }
}

/// An ordered lane onto the main actor: work runs inline when scheduled on the main actor with
/// nothing of this lane waiting, otherwise on the main queue after everything scheduled on the lane
/// before it.
final class MainActorLane: Sendable {
  private let queue = LockedState.make(MainActorQueue())

  /// Returns `true` when the caller may run its work inline now (it is on the main actor and
  /// nothing of this lane waits or is being drained); otherwise queues the work `makeAction`
  /// makes, in the lane's order, and returns `false`. The common inline case makes no closure, and
  /// the main actor is asked about once per call either way.
  func runsInlineOrSchedules(_ makeAction: () -> () -> Void) -> Bool {
    let onMainActor = MainActorContext.isCurrent
    if onMainActor && queue.withLock({ $0.isIdle }) { return true }
    schedule(makeAction(), onMainActor: onMainActor)
    return false
  }

  /// Runs `action` on the main actor, in the lane's order: inline when it may, with nothing made
  /// for it; otherwise wrapped and queued.
  func schedule(_ action: @escaping () -> Void) {
    let onMainActor = MainActorContext.isCurrent
    if onMainActor && queue.withLock({ $0.isIdle }) {
      action()
      return
    }
    schedule(action, onMainActor: onMainActor)
  }

  private func schedule(_ action: @escaping () -> Void, onMainActor: Bool) {
    let work = ScheduledAction(action)
    switch queue.withLock({ $0.schedule(work, onMainActor: onMainActor) }) {
    case .runInline:
      work.run()
    case .startDrain:
      DispatchQueue.main.async { self.drain() }
    case .none:
      break
    }
  }

  /// Runs, on the main queue, everything waiting, batch after batch, until nothing is left.
  private func drain() {
    while let batch = queue.withLock({ $0.nextBatch() }) {
      for work in batch {
        work.run()
      }
    }
  }
}

/// The work a ``MainActorLane`` has accepted and not yet run, and whether a drain of it is
/// under way; the scheduler keeps one, behind its lock.
///
/// This is the executor variant of the one serial-delivery primitive: the token is held by a
/// drain that runs on the main queue (asked for when work waits and nobody drains), and work on
/// the main actor runs inline only while the token is free and nothing waits, so it cannot
/// overtake work scheduled before it.
struct MainActorQueue: Sendable {
  /// What `schedule` does once the lock is released.
  enum ScheduleAction: Equatable {
    /// Run the work now, on the calling thread, which is on the main actor.
    case runInline
    /// The work waits; ask the main queue to drain.
    case startDrain
    /// The work waits; a drain is already asked for or running.
    case none
  }

  private var waiting: [ScheduledAction] = []
  /// Held by the drain from the moment it is asked of the main queue until it finds nothing left.
  private var token = SerialDelivery(.queued)

  /// Nothing waits and no drain is under way: work on the main actor may run inline.
  var isIdle: Bool { !token.isDelivering && waiting.isEmpty }

  /// Accepts `work`; it runs inline only on the main actor with nothing waiting or being drained,
  /// so that it cannot overtake work scheduled before it.
  mutating func schedule(_ work: ScheduledAction, onMainActor: Bool) -> ScheduleAction {
    if onMainActor && isIdle {
      return .runInline
    }
    waiting.append(work)
    return token.acquire() ? .startDrain : .none
  }

  /// The next batch to run in order, or `nil` (and the drain ends) when nothing waits.
  mutating func nextBatch() -> [ScheduledAction]? {
    guard !waiting.isEmpty else {
      _ = token.next()  // owes nothing by count: the drain gives the token back
      return nil
    }
    defer { waiting = [] }
    return waiting
  }
}

#if !canImport(Combine)
// Signals' own `receive(on:)` gives each subscription a lane of its own, so that a value sent on
// the main actor is delivered inline, before `send` returns, when nothing of that subscription
// waits; Apple's `receive(on:)` schedules every value through `schedule(options:_:)`.
extension MainActorScheduler: LaneScheduler {
  package static func makeLane() -> any SchedulerLane { MainActorLane() }
}

extension MainActorLane: SchedulerLane {}
#endif
