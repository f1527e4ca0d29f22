// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
// What the extension module `SignalsExt` (in this package) builds its operators on. These are
// `package` declarations: visible to the package's own modules, never to users, and not API.
// `SignalsExt` cannot subclass this module's inner classes (that would need `open`), so the
// inners live here, made with closures in place of `SignalsExt`'s own types.

/// What `dematerialize` does with one upstream event.
package enum DematerializingStep<Value, Failure: Error> {
  /// Send the value.
  case value(Value)
  /// Cancel upstream and fail with the error.
  case failure(Failure)
  /// Cancel upstream and finish.
  case finished
}

/// Subscribes `subscriber` to `upstream` through `materialize`'s inner: each value becomes
/// `value(input)`, and the completion becomes `completion(…)`, sent when demanded and followed by
/// `.finished`.
package func subscribeMaterializing<Upstream: Publisher, Downstream: Subscriber>(
  _ upstream: Upstream,
  _ subscriber: Downstream,
  value: @escaping (Upstream.Output) -> Downstream.Input,
  completion: @escaping (Subscribers.Completion<Upstream.Failure>) -> Downstream.Input
) where Downstream.Failure == Never {
  upstream.subscribe(MaterializingInner(downstream: subscriber, value: value, completion: completion))
}

/// Subscribes `subscriber` to `upstream` through `dematerialize`'s inner, which asks `step` what
/// each event is.
package func subscribeDematerializing<Upstream: Publisher, Downstream: Subscriber>(
  _ upstream: Upstream,
  _ subscriber: Downstream,
  step: @escaping (Upstream.Output) -> DematerializingStep<Downstream.Input, Downstream.Failure>
) where Upstream.Failure == Never {
  upstream.subscribe(DematerializingInner(downstream: subscriber, classify: step))
}

private final class MaterializingInner<Input, Failure: Error, Downstream: Subscriber>: CompletingInner<
  Input, Failure, Downstream
>
where Downstream.Failure == Never {
  private let wrapValue: (Input) -> Downstream.Input
  private let wrapCompletion: (Subscribers.Completion<Failure>) -> Downstream.Input
  /// The completion event; written once on the upstream's delivery path before the link's lock
  /// hands it to whichever thread sends it.
  @exclusivity(unchecked) private var ending: Downstream.Input?

  init(
    downstream: Downstream,
    value: @escaping (Input) -> Downstream.Input,
    completion: @escaping (Subscribers.Completion<Failure>) -> Downstream.Input
  ) {
    wrapValue = value
    wrapCompletion = completion
    super.init(downstream: downstream)
  }

  override var description: String { "Materialize" }

  override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
    send(wrapValue(input), admission)
  }

  override func ending(_ completion: Subscribers.Completion<Failure>) -> CompletingStep<Never> {
    ending = wrapCompletion(completion)
    return .finishWithFinalValue
  }

  override func finalValue() -> Downstream.Input { ending ?? wrapCompletion(.finished) }

  override func mapFailure(_ failure: Failure) -> Never {
    preconditionFailure("Materialize sends every failure as an event")
  }
}

private final class DematerializingInner<Input, Downstream: Subscriber>: ForwardingInner<Input, Never, Downstream> {
  private let classify: (Input) -> DematerializingStep<Downstream.Input, Downstream.Failure>

  init(
    downstream: Downstream, classify: @escaping (Input) -> DematerializingStep<Downstream.Input, Downstream.Failure>
  ) {
    self.classify = classify
    super.init(downstream: downstream)
  }

  override var description: String { "Dematerialize" }

  override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
    switch classify(input) {
    case .value(let value): send(value, admission)
    case .failure(let error): fail(error)
    case .finished: finish(with: .finished)
    }
  }

  override func mapFailure(_ failure: Never) -> Downstream.Failure {}
}

/// Subscribes `subscriber` to the combining engine over a run-time number of publishers of one
/// type: `zip()` (`zipping`) or `combineLatest()` over a collection, making arrays.
package func subscribeCombiningArrays<Upstream: Publisher, Downstream: Subscriber>(
  _ publishers: [Upstream], zipping: Bool, _ subscriber: Downstream
) where Downstream.Input == [Upstream.Output], Downstream.Failure == Upstream.Failure {
  typealias Storage = CombiningStorage<Downstream>
  let count = publishers.count
  Storage(
    downstream: subscriber, strategy: zipping ? .zip : .combineLatest, name: zipping ? "Zip" : "CombineLatest",
    buffers: ContiguousArray((0..<count).map { _ in CombiningBuffer.of(Upstream.Output.self) }),
    attachers: publishers.enumerated().map { index, publisher in Storage.attacher(publisher, at: index) },
    assemble: { take, buffers, output in
      var values: [Upstream.Output] = []
      values.reserveCapacity(count)
      for index in 0..<count { values.append(buffers.value(take, at: index, as: Upstream.Output.self)) }
      output.initialize(to: values)
    }
  ).start()
}

/// Subscribes `subscriber` to `withLatestFrom`'s engine: each value of `trigger` paired with the
/// latest value of `other`.
package func subscribeLatestPairs<Trigger: Publisher, Other: Publisher, Downstream: Subscriber>(
  _ trigger: Trigger, _ other: Other, _ subscriber: Downstream
)
where
  Trigger.Failure == Other.Failure, Downstream.Input == (Trigger.Output, Other.Output),
  Downstream.Failure == Trigger.Failure
{
  typealias Storage = CombiningStorage<Downstream>
  Storage(
    downstream: subscriber, strategy: .withLatestFrom, name: "WithLatestFrom",
    buffers: [.of(Trigger.Output.self), .of(Other.Output.self)],
    attachers: [Storage.attacher(trigger, at: 0), Storage.attacher(other, at: 1)],
    assemble: Storage.tuple(Trigger.Output.self, Other.Output.self)
  ).start()
}

/// A transform of a pair, spread over its two elements without re-abstracting the tuple per value.
package func spreadingPair<Tuple, A, B, T>(_ transform: @escaping (A, B) -> T) -> (Tuple) -> T {
  CombiningSpread.pair(transform)
}
#endif
