// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals

/// The state of a ``ReplaySubject`` that holds no value: whether and how it completed, and the
/// upstream subscriptions feeding it.
///
/// The machine never locks and never calls out; ``ReplayStorage`` asks it under its lock and acts
/// after unlocking. It is not generic (Internals, rule 9: the subject runs unspecialised, where a
/// generic state is looked up in the runtime on every use): the last values, a failure and the
/// live subscribers live in the storage's fields under the same lock.
struct ReplayStateMachine {
  /// How the subject completed.
  enum Ending: Equatable {
    /// `.finished`.
    case finished
    /// `.failure`, whose error the storage keeps.
    case failure
  }

  /// What ``receivedUpstream(_:)`` asks the storage to do with an upstream subscription.
  enum UpstreamAction {
    /// Cancel it: the subject has completed.
    case cancel
    /// Ask it for unlimited values: a replay subject records everything, subscribers or not.
    case requestUnlimited
  }

  /// Set once, by the first completion.
  private(set) var ending: Ending?
  /// Subscriptions to publishers feeding the subject.
  private var upstreams: ContiguousArray<any Subscription> = []

  /// Whether a value sent now is recorded and offered: only before the completion.
  var isAccepting: Bool { ending == nil }

  /// The subject completed: returns `true` for the first completion, which the storage records
  /// and sends to the subscribers it lists; `false` if it had already completed.
  mutating func complete(_ ending: Ending) -> Bool {
    guard self.ending == nil else { return false }
    self.ending = ending
    return true
  }

  /// The subject was subscribed to a publisher.
  mutating func receivedUpstream(_ subscription: any Subscription) -> UpstreamAction {
    guard ending == nil else { return .cancel }
    upstreams.append(subscription)
    return .requestUnlimited
  }

  /// The subject is going away: returns the upstream subscriptions to cancel.
  mutating func takeUpstreams() -> ContiguousArray<any Subscription> {
    defer { upstreams = [] }
    return upstreams
  }
}
