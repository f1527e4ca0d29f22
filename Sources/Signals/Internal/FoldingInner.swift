// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// What one step of a ``FoldingInner`` produced.
enum FoldStep<Accumulator, Output, Failure: Error> {
  /// Keep going with this accumulator.
  case proceed(Accumulator)
  /// The answer is known early (`nil`: none); upstream is cancelled.
  case answer(Output?)
  /// The closure threw; upstream is cancelled and downstream fails.
  case fail(Failure)
}

/// A ``ReducingInner`` described by closures, shared by the reducing operators whose state is one
/// small accumulator: `reduce`, `min`/`max`, `allSatisfy`, `contains`, `first`, `last` and their
/// `try` twins.
///
/// `fold` gets the accumulator by value and returns the next one, so no access to the inner's
/// state is held while a user closure runs (a re-entrant value cannot trip exclusivity checks).
/// `fold` and `finish` run on the upstream's serial delivery path, outside the lock.
final class FoldingInner<Input, UpstreamFailure: Error, Accumulator, Downstream: Subscriber>: ReducingInner {
  typealias Failure = UpstreamFailure
  typealias Output = Downstream.Input

  let downstream: Downstream
  let machine = LockedState.make(ReductionStateMachine<Output>())
  private var accumulator: Accumulator
  private let fold: (Accumulator, Input) -> FoldStep<Accumulator, Output, Downstream.Failure>
  private let finish: (Accumulator) -> Output?
  private let failure: (UpstreamFailure) -> Downstream.Failure
  private let name: String

  /// Creates an inner.
  ///
  /// - Parameters:
  ///   - downstream: The subscriber to deliver to.
  ///   - name: The description, as Combine prints it.
  ///   - initial: The accumulator's starting value.
  ///   - fold: Folds one value.
  ///   - failure: Turns an upstream failure into a downstream one.
  ///   - finish: The result when upstream finishes.
  init(
    downstream: Downstream,
    name: String,
    initial: Accumulator,
    fold: @escaping (Accumulator, Input) -> FoldStep<Accumulator, Output, Downstream.Failure>,
    failure: @escaping (UpstreamFailure) -> Downstream.Failure,
    finish: @escaping (Accumulator) -> Output?
  ) {
    self.downstream = downstream
    self.name = name
    self.accumulator = initial
    self.fold = fold
    self.failure = failure
    self.finish = finish
  }

  /// Creates an inner whose failure type is the upstream's.
  convenience init(
    downstream: Downstream,
    name: String,
    initial: Accumulator,
    fold: @escaping (Accumulator, Input) -> FoldStep<Accumulator, Output, Downstream.Failure>,
    finish: @escaping (Accumulator) -> Output?
  ) where Downstream.Failure == UpstreamFailure {
    self.init(downstream: downstream, name: name, initial: initial, fold: fold, failure: { $0 }, finish: finish)
  }

  var description: String { name }

  func step(_ input: Input) -> ReducingStep<Output, Downstream.Failure> {
    switch fold(accumulator, input) {
    case .proceed(let next):
      accumulator = next
      return .proceed
    case .answer(let output):
      return .answer(output)
    case .fail(let error):
      return .fail(error)
    }
  }

  func result() -> Output? { finish(accumulator) }

  func mapFailure(_ failure: UpstreamFailure) -> Downstream.Failure { self.failure(failure) }
}
