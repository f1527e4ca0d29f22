// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

#if canImport(Observation)
import Observation

/// The subscription of an ``ObservationPublisher``: reads the value with
/// `withObservationTracking`, and when Observation announces a change, schedules a fresh read on
/// the scheduler.
///
/// All mutable state (the machine, the subscriber and the value closure, which cancel drops) is
/// in one `LockedState`. Reads, sends and scheduling happen after the lock is released; the
/// machine lets one delivery run at a time. Observation's `onChange` holds the subscription
/// weakly, so a cancelled subscription is released without waiting for a change.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class ObservationSubscription<Output: Sendable, Context: Scheduler, Downstream: Subscriber>: Subscription,
  CustomStringConvertible
where Downstream.Input == Output, Downstream.Failure == Never {
  private struct State {
    var machine = ObservationStateMachine()
    var downstream: Downstream?
    var value: (@Sendable () -> Output)?
  }

  private let state: LockedState<State>
  /// Immutable; what Observation's `onChange` holds (weakly reaching back to us).
  private let relay = ObservationChangeRelay()
  /// Immutable; `schedule(_:)` is called from whichever thread mutates the model, as
  /// `receive(on:)` calls it from whichever thread sends.
  private let scheduler: Context

  init(subscriber: Downstream, scheduler: Context, value: @escaping @Sendable () -> Output) {
    state = LockedState.make(State(downstream: subscriber, value: value))
    self.scheduler = scheduler
    relay.target = self
  }

  var description: String { "ObservationPublisher" }

  func request(_ demand: Subscribers.Demand) {
    perform(state.withLock { $0.machine.request(demand) })
  }

  func cancel() {
    let released = state.withLock { state in
      _ = state.machine.cancel()
      defer {
        state.downstream = nil
        state.value = nil
      }
      return (state.downstream, state.value)
    }
    // The subscriber and the value closure (and what it captured) are released here, after
    // unlocking: a deinit they run may call back into this subscription.
    withExtendedLifetime(released) {}
  }

  private func perform(_ action: ObservationStateMachine.Action) {
    var action = action
    while true {
      switch action {
      case .none:
        return
      case .scheduleChange:
        scheduler.schedule { [weak self] in self?.changeArrived() }
        return
      case .deliver:
        action = deliver()
      }
    }
  }

  /// Reads the value with tracking, sends it, and returns what comes next.
  private func deliver() -> ObservationStateMachine.Action {
    let (downstream, value) = state.withLock { ($0.downstream, $0.value) }
    guard let downstream, let value else {
      return state.withLock { $0.machine.delivered(adding: .none) }
    }
    let relay = relay
    let current = withObservationTracking(value) { relay.changeWillHappen() }
    let additional = downstream.receive(current)
    return state.withLock { $0.machine.delivered(adding: additional) }
  }

  func changeWillHappen() {
    perform(state.withLock { $0.machine.changeWillHappen() })
  }

  private func changeArrived() {
    perform(state.withLock { $0.machine.changeArrived() })
  }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ObservationSubscription: ObservationChangeTarget {}

// Safety: the mutable state is `state`, a `LockedState`; `scheduler` is immutable and only asked
// to schedule, which schedulers allow from any thread.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ObservationSubscription: @unchecked Sendable {}

/// What an ``ObservationChangeRelay`` tells of a change.
protocol ObservationChangeTarget: AnyObject, Sendable {
  func changeWillHappen()
}

/// The non-generic object Observation's `onChange` closure captures: it reaches the
/// subscription weakly, so a cancelled subscription is released before the next change.
final class ObservationChangeRelay: @unchecked Sendable {
  /// Written once, by the subscription's initializer, before the relay is shared with any
  /// `onChange` closure; only read afterwards.
  weak var target: (any ObservationChangeTarget)?

  func changeWillHappen() {
    target?.changeWillHappen()
  }
}
#endif
