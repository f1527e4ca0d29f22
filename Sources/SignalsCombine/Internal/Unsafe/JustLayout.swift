// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

/// Reading a `Just`'s value through a generic publisher type, for the operators that take a
/// `Just` inner in place instead of subscribing to it (`flatMap`, `switchToLatest`).
enum JustLayout {
  /// Whether `Publisher` is `Just<Publisher.Output>`, or that `Just` with its failure type raised
  /// (`Publishers.SetFailureType<Just<Output>, Failure>`): both hold their one value and nothing
  /// else.
  static func holdsOnlyItsValue<P: Publisher>(_: P.Type) -> Bool {
    P.self == Just<P.Output>.self || P.self == Publishers.SetFailureType<Just<P.Output>, P.Failure>.self
  }

  /// The value of `publisher`, whose type ``holdsOnlyItsValue(_:)`` accepted.
  ///
  /// Safety: both accepted types are structs whose only stored property is the value (`Just`
  /// stores `output`; `SetFailureType` stores its `Just`), so the publisher has exactly the
  /// value's layout and reinterpreting it copies the value. Checked in debug builds.
  @inline(__always)
  static func value<P: Publisher>(of publisher: P) -> P.Output {
    assert(holdsOnlyItsValue(P.self), "\(P.self) is not a Just")
    return unsafeBitCast(publisher, to: P.Output.self)
  }
}
#endif
