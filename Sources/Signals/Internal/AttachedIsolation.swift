// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch

/// The actor a closure-taking subscriber (`sink`, `assign`, `handleEvents`) was attached on, read
/// from the caller's `#isolation`, and so the actor its closures belong to.
///
/// In Swift 6 a closure written inside an actor-isolated context, and not marked `@Sendable`, is
/// isolated to that actor. Combine's signatures take such closures as plain `(Output) -> Void`, so
/// the compiler lets a publisher call them from any thread. A subscriber attached with an
/// isolation checks each call and stops the program, with a message naming the subscriber and the
/// fix, when the call comes from off that actor. Subscribers attached from nonisolated code carry
/// no isolation and are not checked: they run exactly as in Combine, at no cost.
package enum AttachedIsolation: Sendable {
  /// The main actor: checked with ``MainActorContext/isCurrent``.
  case mainActor
  /// Any other actor: checked with the actor's own executor check.
  case actor(any Actor)

  /// The isolation to check, or `nil` for a caller outside any actor.
  package init?(_ isolation: (any Actor)?) {
    guard let isolation else { return nil }
    if isolation === MainActor.shared {
      self = .mainActor
    } else {
      self = .actor(isolation)
    }
  }

  /// Stops the program when the calling thread is not running on the actor.
  ///
  /// - Parameters:
  ///   - subscriber: The subscriber, as the user wrote it (`"sink(receiveValue:)"`).
  ///   - event: What was being delivered (`"a value"`, `"the completion"`).
  package func check(_ subscriber: StaticString, delivering event: StaticString) {
    switch self {
    case .mainActor:
      if !MainActorContext.isCurrent {
        preconditionFailure(Self.message(subscriber, event, actor: "MainActor", fix: ".receive(on: .mainActor)"))
      }
    case .actor(let actor):
      // The runtime stops the program itself when the check fails, naming the actor's executor;
      // the message below shows where it cannot.
      if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) {
        actor.preconditionIsolated(
          Self.message(subscriber, event, actor: "\(type(of: actor))", fix: ".receive(on:) a scheduler of that actor"))
      }
    }
  }

  /// `body`, with the check in front: the wrapper a subscriber keeps instead of the user's closure.
  ///
  /// - Parameters:
  ///   - body: The user's closure.
  ///   - subscriber: The subscriber, as the user wrote it.
  ///   - event: What `body` receives.
  package func guarding<Value>(
    _ body: @escaping (Value) -> Void, _ subscriber: StaticString, delivering event: StaticString
  ) -> (Value) -> Void {
    { value in
      self.check(subscriber, delivering: event)
      body(value)
    }
  }

  private static func message(_ subscriber: StaticString, _ event: StaticString, actor: String, fix: String) -> String {
    """
    Signals: \(subscriber) was attached on \(actor) and received \(event) off that actor. Its closures \
    are isolated to \(actor), so running them here would be a data race. Deliver on the actor first \
    with \(fix) before \(subscriber), or attach it from nonisolated code (pass `isolation: nil`) if \
    its closures are @Sendable and may run anywhere.
    """
  }
}

/// Tells whether the calling code runs on the main actor.
///
/// The main actor's executor is the main dispatch queue. On Apple platforms that queue is always
/// drained by the main thread; on Linux, once a program has handed the main thread to dispatch
/// (an `async` `main`, `dispatchMain()`), the main queue is drained by a pool thread instead, so
/// "the main thread" is the wrong question. The check asks dispatch whether the current queue is
/// the main queue, through a queue-specific marker set once on `DispatchQueue.main`; the main
/// thread outside any block counts as the main queue too. (Foundation's `Thread.isMainThread`
/// would be wrong on Linux, and costs some 450 ns there against some 35 ns for this.)
package enum MainActorContext {
  /// Whether code running now runs on the main actor's executor.
  package static var isCurrent: Bool {
    DispatchQueue.getSpecific(key: marker.key) != nil
  }

  private static let marker = MainQueueMarker()
}

/// The key of the marker set on the main queue.
private struct MainQueueMarker: @unchecked Sendable {
  // Safety: the key is set on the main queue once, in `init`, before the marker is published
  // through a `static let`; after that it is only read, with `DispatchQueue.getSpecific`, which is
  // thread-safe.
  let key = DispatchSpecificKey<Bool>()

  init() {
    DispatchQueue.main.setSpecific(key: key, value: true)
  }
}
