// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// What the storage keeps behind its lock: the machine and the per-input rings of values.
///
/// Not generic, like the machine: the rings have their value types erased.
struct CombiningState {
  var machine: CombiningStateMachine
  var buffers: ContiguousArray<AnyValueRing>

  /// Once the operator ended: moves out the rings, for release after unlocking.
  mutating func takeLeftovers() -> Leftovers {
    guard machine.hasEnded, !buffers.isEmpty else { return Leftovers() }
    defer { buffers = [] }
    return Leftovers(buffers: buffers)
  }

  /// What an ended operator releases after unlocking.
  struct Leftovers {
    var buffers: ContiguousArray<AnyValueRing> = []
  }
}

// The storage's locked steps return these. They live outside the generic storage on purpose: a
// type nested in a generic class is generic too, and would cost a metadata lookup per step.

/// What one locked step of ``CombiningStorage`` decided: who delivers, what to ask the inputs, what ended.
struct CombiningStep {
  var start = CombiningStateMachine.DeliveryStart.none
  var requests = CombiningStateMachine.UpstreamRequests()
  var outcome = CombiningStateMachine.ValueOutcome()
  var ended: CombiningEnded?
}

/// What an input's completion decided.
struct CombiningCompletionStep {
  var outcome: CombiningStateMachine.CompletionOutcome
  var start: CombiningStateMachine.DeliveryStart
  var leftovers: CombiningState.Leftovers
}

/// What ended a combining operator while making outputs: subscriptions to cancel, and what to release.
struct CombiningEnded {
  var cancel: [any Subscription]
  var leftovers: CombiningState.Leftovers
}
#endif
