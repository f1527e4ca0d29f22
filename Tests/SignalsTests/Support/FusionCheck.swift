// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

/// Records which user closures of a pipeline ran, on which value and in which order.
///
/// The closures of an operator are not `Sendable`, and the fusion checks run on one thread, so the
/// log is a plain class that the closures capture.
final class CallLog {
  private(set) var calls: [String] = []

  func record(_ call: String) {
    calls.append(call)
  }
}

/// Everything one scripted run of a pipeline over a ``TestPublisher`` shows from outside: what the
/// subscriber received, what upstream was asked for (and whether it was cancelled), the demand each
/// upstream value got back, and which closures ran.
struct FusionTrace<Output: Equatable>: Equatable {
  var events: [TestSubscriber<Output, TestError>.Event]
  var upstreamEvents: [TestSubscription.Event]
  var returnedDemands: [Subscribers.Demand]
  var calls: [String]
}

/// How a fusion check drives the pipeline.
enum FusionScript: CaseIterable, CustomStringConvertible {
  /// Unlimited demand, every value, then `.finished`.
  case unlimited
  /// `.max(1)` up front and `.max(1)` more after each upstream value, then the upstream failure
  /// (or `.finished` when the upstream cannot fail).
  case oneAtATime
  /// `.max(2)` and nothing more: upstream sends what was asked for, then stops.
  case limitedDemand
  /// Unlimited demand, cancelled by the subscriber halfway through; upstream stops.
  case cancelledHalfway

  var description: String {
    switch self {
    case .unlimited: "unlimited"
    case .oneAtATime: "oneAtATime"
    case .limitedDemand: "limitedDemand"
    case .cancelledHalfway: "cancelledHalfway"
    }
  }
}

/// Expects a fused pipeline to behave exactly as the nested pipeline it replaces.
///
/// The upstream keeps the contract, as a subject or a sequence does: it sends only what was asked
/// for, and nothing once its subscription is cancelled (by the subscriber, or by an operator that
/// ended the stream). That is where Combine's fused forms match the nested ones; what either does
/// with events a misbehaving upstream sends anyway is checked in the operators' own tests.
///
/// Each pipeline is built over its own ``TestPublisher`` and ``CallLog`` and driven through every
/// ``FusionScript`` with the same `inputs`; the whole ``FusionTrace`` of both must be equal. Failures
/// (the upstream's, or an error a closure threw) must be ``TestError``s.
///
/// ```swift
/// checkFusedMatchesNested(
///   inputs: [1, 2, 3],
///   upstreamFailure: TestError(id: 99),
///   fused: { upstream, log in upstream.map { log.record("f"); return $0 }.map { $0 * 2 } },
///   nested: { upstream, log in
///     Publishers.Map(upstream: Publishers.Map(upstream: upstream) { log.record("f"); return $0 }) { $0 * 2 }
///   })
/// ```
func checkFusedMatchesNested<Input, UpstreamFailure: Error, Fused: Publisher, Nested: Publisher>(
  inputs: [Input],
  upstreamFailure: UpstreamFailure?,
  fused: (TestPublisher<Input, UpstreamFailure>, CallLog) -> Fused,
  nested: (TestPublisher<Input, UpstreamFailure>, CallLog) -> Nested,
  sourceLocation: SourceLocation = #_sourceLocation
) where Fused.Output == Nested.Output, Fused.Output: Equatable {
  for script in FusionScript.allCases {
    let fusedTrace = trace(script, inputs: inputs, upstreamFailure: upstreamFailure, make: fused)
    let nestedTrace = trace(script, inputs: inputs, upstreamFailure: upstreamFailure, make: nested)
    #expect(fusedTrace == nestedTrace, "script \(script)", sourceLocation: sourceLocation)
    #expect(!nestedTrace.calls.isEmpty, "script \(script) runs the closures", sourceLocation: sourceLocation)
  }
}

private func trace<Input, UpstreamFailure: Error, P: Publisher>(
  _ script: FusionScript,
  inputs: [Input],
  upstreamFailure: UpstreamFailure?,
  make: (TestPublisher<Input, UpstreamFailure>, CallLog) -> P
) -> FusionTrace<P.Output> {
  let upstream = TestPublisher<Input, UpstreamFailure>()
  let log = CallLog()
  let initialDemand: Subscribers.Demand =
    switch script {
    case .unlimited, .cancelledHalfway: .unlimited
    case .oneAtATime: .max(1)
    case .limitedDemand: .max(2)
    }
  let recorder = TestSubscriber<P.Output, TestError>(initialDemand: initialDemand)
  make(upstream, log).mapError { $0 as! TestError }.subscribe(recorder)
  var returnedDemands: [Subscribers.Demand] = []
  var sent = 0
  /// What the pipeline asked upstream for and has not received yet.
  func outstanding() -> Subscribers.Demand {
    returnedDemands.reduce(upstream.subscription.totalDemand, +) - sent
  }
  for (index, value) in inputs.enumerated() {
    if script == .cancelledHalfway && index == inputs.count / 2 { recorder.cancel() }
    guard !upstream.subscription.isCancelled else { break }
    guard outstanding() > 0 else { continue }
    sent += 1
    returnedDemands.append(upstream.send(value))
    if script == .oneAtATime { recorder.request(.max(1)) }
  }
  if !upstream.subscription.isCancelled {
    if script == .oneAtATime, let upstreamFailure {
      upstream.send(completion: .failure(upstreamFailure))
    } else {
      upstream.send(completion: .finished)
    }
  }
  return FusionTrace(
    events: recorder.events,
    upstreamEvents: upstream.subscription.events,
    returnedDemands: returnedDemands,
    calls: log.calls)
}
