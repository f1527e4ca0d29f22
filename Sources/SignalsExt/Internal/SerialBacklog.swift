// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport

/// The delivery token of an operator whose outputs are made on several threads (one per input)
/// but must reach its subscriber one call at a time: `withLatestFrom` and the collection forms of
/// `combineLatest` and `zip`.
///
/// A plain value kept inside the operator's state machine, under the operator's lock; it never
/// locks and never calls out. Whoever is handed the token (``Start/deliver(_:)`` or
/// ``Start/drain``) is the only caller of the subscriber until it gives the token back: after each
/// delivery it asks ``next()``, which hands out the next output waiting in the backlog, then the
/// completion, and only then returns the token. Outputs and the completion that arrive meanwhile —
/// from another thread, or re-entrantly from inside the holder's own `receive(_:)` — wait in the
/// backlog, so the subscriber is never called twice at once and a re-entrant call never nests.
///
/// Every output in the backlog was already counted against the subscriber's demand when it was
/// made; the backlog only orders them. The token starts out taken, by the subscribing thread, so
/// nothing reaches the subscriber before its subscription does.
struct SerialBacklog<Output, Failure: Error> {
  /// What the thread that made an output or decided a completion does next.
  enum Start {
    /// Nothing: nothing waits, or another caller holds the token and delivers it.
    case none
    /// This caller holds the token: deliver the output, then ask ``SerialBacklog/next()``.
    case deliver(Output)
    /// This caller holds the token: ask ``SerialBacklog/next()`` for what waits.
    case drain
  }

  /// What the token holder does next.
  enum Next {
    /// Nothing: the token is given back.
    case none
    /// Deliver this output, then ask again.
    case deliver(Output)
    /// Deliver this completion; the token is never given back.
    case complete(Subscribers.Completion<Failure>)
  }

  /// Outputs made while the token was taken, oldest first.
  private var backlog = ValueQueue<Output>()
  /// The completion, once decided, waiting for the backlog to drain.
  private var pendingCompletion: Subscribers.Completion<Failure>?
  /// Who delivers: the one serial-delivery primitive, with the queued rule (a re-entrant output
  /// waits in the backlog). Deliveries follow the backlog here, so the token is taken with
  /// `acquire()` and nothing is owed by count.
  private var token = SerialDelivery(.queued)

  /// Completed (the completion was handed out) or cancelled: nothing more is delivered.
  var isTerminal: Bool { token.closed }

  /// A new token, held by the subscribing caller until it asks ``next()``.
  init() {
    _ = token.acquire()
  }

  /// An output was made (its demand already counted): the caller delivers it at once if the
  /// token is free and nothing waits, otherwise it joins the backlog.
  mutating func made(_ output: Output) -> Start {
    guard backlog.isEmpty, token.acquire() else {
      backlog.append(output)
      return claim()
    }
    return .deliver(output)
  }

  /// The operator ends with `completion`, delivered after the backlog.
  mutating func complete(_ completion: Subscribers.Completion<Failure>) {
    pendingCompletion = completion
  }

  /// Takes the token for whatever waits, if nobody holds it.
  mutating func claim() -> Start {
    guard !backlog.isEmpty || pendingCompletion != nil, token.acquire() else { return .none }
    return .drain
  }

  /// The token holder asks what to deliver next; ``Next/none`` gives the token back.
  mutating func next() -> Next {
    guard !token.closed else {
      _ = token.next()  // gives the token back
      return .none
    }
    if let output = backlog.popFirst() { return .deliver(output) }
    if let completion = pendingCompletion {
      pendingCompletion = nil
      // The holder keeps the token: nothing is delivered after the completion.
      token.close()
      return .complete(completion)
    }
    _ = token.next()  // owes nothing and has no ending: gives the token back
    return .none
  }

  /// The subscriber cancelled: nothing more is delivered, not even a completion already decided.
  /// Returns the outputs that waited, to release after unlocking, or `nil` if the delivery had
  /// already ended.
  mutating func cancel() -> ContiguousArray<Output?>? {
    guard !token.closed else { return nil }
    token.close()
    pendingCompletion = nil
    return backlog.removeAll()
  }
}
