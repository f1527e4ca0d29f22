// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// A subject's current value (a `CurrentValueSubject`'s), in a slot allocated once, or no slot at
/// all (a `PassthroughSubject`).
///
/// The send path replaces the value on every send. Kept in an `Optional<Value>` or an array, that
/// would look up `Optional<Value>`'s (or the array storage's) metadata at run time on each send,
/// since clients run the subject's code unspecialised; through a pointer typed by `Value` itself it
/// is a plain assignment.
///
/// Not thread-safe: the owner guards it (the subject's lock), and calls ``release()`` from its
/// `deinit`.
///
/// Safety: the pointer is allocated and initialised in `init`, and deinitialised and freed only by
/// ``release()``, which the owner calls once, when no other access can run.
struct CurrentValueSlot<Value> {
  private let pointer: UnsafeMutablePointer<Value>?

  /// A slot holding `initial`, or no slot when `initial` is `nil`.
  init(_ initial: Value?) {
    guard let initial else {
      pointer = nil
      return
    }
    let slot = UnsafeMutablePointer<Value>.allocate(capacity: 1)
    slot.initialize(to: initial)
    pointer = slot
  }

  /// Whether there is a slot (the subject keeps a current value).
  var exists: Bool { pointer != nil }

  /// The value held; `nil` when there is no slot.
  var value: Value? { pointer?.pointee }

  /// Replaces the value held; does nothing when there is no slot.
  @inline(__always)
  func store(_ value: Value) {
    pointer?.pointee = value
  }

  /// Destroys the value and frees the slot, which is unusable afterwards.
  func release() {
    pointer?.deinitialize(count: 1)
    pointer?.deallocate()
  }
}
#endif
