// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// A reducing ``OperatorInner`` that answers with one of upstream's own values: `first`, `last`,
/// `min`/`max`, and their `where` and `try` variants.
///
/// A value is *chosen* when it `qualifies` and, if a value is already chosen, `replaces` it. The
/// answer is the chosen value when upstream finishes (none: only `.finished`), or, with
/// `settlesOnFirstChoice` (`first`), the first chosen value at once.
///
/// Why not a ``FoldingInner`` over an optional accumulator: its closures would assign to an
/// `Optional` of the operator's output, which unspecialised code does through that optional's
/// metadata, looked up on every value. Here the chosen value lives in a ``ValueSlot``, so the
/// per-value path only uses `Input`'s value witnesses, which the instance's metadata carries.
///
/// Re-entrancy: the closures get copies, and the chosen value and its flag are read only after a
/// closure returns, so a value sent re-entrantly from a closure never overlaps an access to them.
final class SelectingInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: OperatorInner<
  Input, UpstreamFailure, Downstream
>
where Downstream.Input == Input {
  /// The chosen value, if any. Touched only on the upstream's serial delivery path, by
  /// instantaneous reads and writes, and read once more by ``finalValue()``, which the link orders
  /// after the last step; so accesses never overlap and the run-time exclusivity check is left out.
  @exclusivity(unchecked) private var chosen = ValueSlot<Input>()
  /// Throws only when made by the `try` initializer, whose failure type is `any Error`.
  private let qualifies: (Input) throws -> Bool
  /// Throws only when made by the `try` initializer, whose failure type is `any Error`.
  private let replaces: (_ chosen: Input, _ candidate: Input) throws -> Bool
  private let settlesOnFirstChoice: Bool
  private let name: String

  private init(
    downstream: Downstream,
    name: String,
    settlesOnFirstChoice: Bool,
    qualifying qualifies: @escaping (Input) throws -> Bool,
    replacing replaces: @escaping (_ chosen: Input, _ candidate: Input) throws -> Bool
  ) {
    self.name = name
    self.settlesOnFirstChoice = settlesOnFirstChoice
    self.qualifies = qualifies
    self.replaces = replaces
    super.init(downstream: downstream, rules: .reducing)
  }

  /// Creates an inner whose closures do not throw.
  ///
  /// - Parameters:
  ///   - downstream: The subscriber to deliver to.
  ///   - name: The description, as Combine prints it.
  ///   - settlesOnFirstChoice: Whether the first chosen value is the answer at once.
  ///   - qualifies: Whether a value may be chosen at all.
  ///   - replaces: Whether a qualifying value replaces the one chosen so far.
  convenience init(
    downstream: Downstream,
    name: String,
    settlesOnFirstChoice: Bool = false,
    qualifies: @escaping (Input) -> Bool = { _ in true },
    replaces: @escaping (_ chosen: Input, _ candidate: Input) -> Bool = { _, _ in true }
  ) where Downstream.Failure == UpstreamFailure {
    self.init(
      downstream: downstream, name: name, settlesOnFirstChoice: settlesOnFirstChoice, qualifying: qualifies,
      replacing: replaces)
  }

  /// Creates an inner whose closures may throw; a thrown error cancels upstream and fails
  /// downstream.
  convenience init(
    downstream: Downstream,
    name: String,
    settlesOnFirstChoice: Bool = false,
    tryQualifies: @escaping (Input) throws -> Bool = { _ in true },
    tryReplaces: @escaping (_ chosen: Input, _ candidate: Input) throws -> Bool = { _, _ in true }
  ) where Downstream.Failure == any Error {
    self.init(
      downstream: downstream, name: name, settlesOnFirstChoice: settlesOnFirstChoice, qualifying: tryQualifies,
      replacing: tryReplaces)
  }

  deinit {
    chosen.release()
  }

  override var description: String { name }

  /// Combine shows no starting value for these operators.
  override var customMirror: Mirror { reducingMirror(initial: Input?.none as Any) }

  override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
    do {
      guard try qualifies(input) else { return .none }
      if chosen.isFilled {
        let current = chosen.value
        guard try replaces(current, input) else { return .none }
      }
      chosen.store(input)
    } catch {
      return fail(throwing: error)
    }
    if settlesOnFirstChoice { settle() }
    return .none
  }

  override func finalValue() -> Input? {
    chosen.isFilled ? chosen.value : nil
  }
}
#endif
