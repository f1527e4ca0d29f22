// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport

/// The state of a ``ReplaySubject``, as a plain value: the last values sent, the completion, the
/// live subscribers and the upstream subscriptions.
///
/// The machine never locks and never calls out; ``ReplayStorage`` asks it under its lock and acts
/// after unlocking. Each subscriber is a ``DemandBuffer`` (its own lossless queue), so the machine
/// only decides who receives what: a new subscriber gets the replay and is listed at the same
/// moment, so every value sent is either in its replay or delivered to it live — never both,
/// never neither.
struct ReplayStateMachine<Output, Failure: Error> {
  /// What a new subscriber starts with.
  struct Replay {
    /// The last values sent, oldest first.
    var values: [Output]
    /// The completion, if the subject has completed (the subscriber is then not listed).
    var completion: Subscribers.Completion<Failure>?
  }

  /// What ``send(_:)`` asks the storage to do.
  enum SendAction {
    /// Ignore the value: the subject has completed.
    case ignore
    /// Offer the value to these subscribers; release `evicted` (the value that fell out of the
    /// replay buffer) after unlocking.
    case offer(to: ContiguousArray<DemandBuffer<Output, Failure>>, evicted: Output?)
  }

  /// What ``receivedUpstream(_:)`` asks the storage to do with an upstream subscription.
  enum UpstreamAction {
    /// Cancel it: the subject has completed.
    case cancel
    /// Ask it for unlimited values: a replay subject records everything, subscribers or not.
    case requestUnlimited
  }

  /// How many values are replayed.
  let bufferSize: Int
  /// The last `bufferSize` values, oldest first.
  private var recent = ValueQueue<Output>()
  /// Set once, by the first completion.
  private(set) var completion: Subscribers.Completion<Failure>?
  /// The live subscribers, in subscription order.
  private var subscribers: ContiguousArray<DemandBuffer<Output, Failure>> = []
  /// Subscriptions to publishers feeding the subject.
  private var upstreams: ContiguousArray<any Subscription> = []

  /// A subject that replays its last `bufferSize` values.
  init(bufferSize: Int) {
    precondition(bufferSize >= 0, "ReplaySubject(bufferSize: \(bufferSize)): the size must not be negative")
    self.bufferSize = bufferSize
  }

  /// A subscriber attaches: returns what to replay to it, and lists it unless the subject has
  /// completed.
  mutating func subscribe(_ subscriber: DemandBuffer<Output, Failure>) -> Replay {
    let replay = Replay(values: recent.elements, completion: completion)
    if completion == nil { subscribers.append(subscriber) }
    return replay
  }

  /// A subscriber's subscription ended.
  mutating func remove(_ subscriber: ObjectIdentifier) {
    if let index = subscribers.firstIndex(where: { ObjectIdentifier($0) == subscriber }) {
      subscribers.remove(at: index)
    }
  }

  /// A value was sent.
  mutating func send(_ value: Output) -> SendAction {
    guard completion == nil else { return .ignore }
    var evicted: Output?
    if bufferSize > 0 {
      recent.append(value)
      if recent.count > bufferSize { evicted = recent.popFirst() }
    }
    return .offer(to: subscribers, evicted: evicted)
  }

  /// The subject completed: returns the subscribers to complete, or `nil` if it already had.
  mutating func complete(_ completion: Subscribers.Completion<Failure>) -> ContiguousArray<
    DemandBuffer<Output, Failure>
  >? {
    guard self.completion == nil else { return nil }
    self.completion = completion
    defer { subscribers = [] }
    return subscribers
  }

  /// The subject was subscribed to a publisher.
  mutating func receivedUpstream(_ subscription: any Subscription) -> UpstreamAction {
    guard completion == nil else { return .cancel }
    upstreams.append(subscription)
    return .requestUnlimited
  }

  /// The subject is going away: returns the upstream subscriptions to cancel.
  mutating func takeUpstreams() -> ContiguousArray<any Subscription> {
    defer { upstreams = [] }
    return upstreams
  }
}
