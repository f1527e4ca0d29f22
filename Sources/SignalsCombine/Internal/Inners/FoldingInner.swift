// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// What one step of a ``FoldingInner`` decided.
enum FoldProgress {
  /// Keep folding.
  case proceed
  /// The accumulator now holds everything the answer needs: upstream is cancelled and the
  /// answer delivered.
  case settled
}

/// A reducing ``OperatorInner`` described by closures, shared by the reducing operators whose state is one
/// small accumulator: `count`, `reduce`, `allSatisfy`, `contains` and their `try` twins.
///
/// `fold` works on a copy of the accumulator, stored back when it returns, so no access to the
/// inner's state is held while a user closure runs and a value sent re-entrantly from that closure
/// cannot overlap one (as it would with `inout` access to the stored accumulator). `finish` turns
/// the accumulator into the answer, when upstream finishes or `fold` settled. Both run on the
/// upstream's serial delivery path, outside the lock.
///
/// The accumulator is never an `Optional` of the operator's output: closures that assign to one
/// look up its metadata on every value in unspecialised code (``SelectingInner`` serves the
/// operators that answer with one of upstream's values).
final class FoldingInner<Input, UpstreamFailure: Error, Accumulator, Downstream: Subscriber>: OperatorInner<
  Input, UpstreamFailure, Downstream
>
{
  /// Touched only on the upstream's serial delivery path, by instantaneous reads and writes, and
  /// read once more by ``finalValue()``, which the link orders after the last step; so accesses
  /// never overlap and the run-time exclusivity check is left out.
  @exclusivity(unchecked) private var accumulator: Accumulator
  /// Throws only when made by the `tryFold:` initializer, whose failure type is `any Error`.
  private let fold: (inout Accumulator, Input) throws -> FoldProgress
  private let finish: (Accumulator) -> Downstream.Input?
  private let name: String
  /// The accumulator's starting value, for the mirror.
  private let initial: Accumulator

  private init(
    downstream: Downstream,
    name: String,
    initial: Accumulator,
    folding fold: @escaping (inout Accumulator, Input) throws -> FoldProgress,
    finish: @escaping (Accumulator) -> Downstream.Input?
  ) {
    self.name = name
    self.accumulator = initial
    self.initial = initial
    self.fold = fold
    self.finish = finish
    super.init(downstream: downstream, rules: .reducing)
  }

  /// Creates an inner whose closure does not throw.
  ///
  /// - Parameters:
  ///   - downstream: The subscriber to deliver to.
  ///   - name: The description, as Combine prints it.
  ///   - initial: The accumulator's starting value.
  ///   - fold: Folds one value into the accumulator.
  ///   - finish: The answer from the accumulator (`nil`: only `.finished`).
  convenience init(
    downstream: Downstream,
    name: String,
    initial: Accumulator,
    fold: @escaping (inout Accumulator, Input) -> FoldProgress,
    finish: @escaping (Accumulator) -> Downstream.Input?
  ) where Downstream.Failure == UpstreamFailure {
    self.init(downstream: downstream, name: name, initial: initial, folding: fold, finish: finish)
  }

  /// Creates an inner whose closure may throw; a thrown error cancels upstream and fails
  /// downstream.
  convenience init(
    downstream: Downstream,
    name: String,
    initial: Accumulator,
    tryFold: @escaping (inout Accumulator, Input) throws -> FoldProgress,
    finish: @escaping (Accumulator) -> Downstream.Input?
  ) where Downstream.Failure == any Error {
    self.init(downstream: downstream, name: name, initial: initial, folding: tryFold, finish: finish)
  }

  override var description: String { name }

  override var customMirror: Mirror { reducingMirror(initial: initial) }

  override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
    var next = accumulator
    let progress: FoldProgress
    do {
      progress = try fold(&next, input)
    } catch {
      return fail(throwing: error)
    }
    accumulator = next
    if progress == .settled { settle() }
    return .none
  }

  override func finalValue() -> Downstream.Input? { finish(accumulator) }
}
#endif
