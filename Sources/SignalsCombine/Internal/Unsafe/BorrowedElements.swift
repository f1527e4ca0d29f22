// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// The elements of an array of class references, each lent to a closure without a retain and as a
/// subclass the caller knows it to be, without a check: a subject's send walks its subscribers this
/// way.
///
/// Reaching an element through the array retains and releases it (two atomic operations), and a
/// checked cast to a generic class looks up that class's metadata at run time: per subscriber of
/// every send, both cost more than the send's own work.
///
/// Safety: the caller keeps `array` alive and unchanged while the elements are lent (a snapshot it
/// owns: copy-on-write leaves it alone when the original is changed), so every element stays alive
/// without its own retain; and every element is an instance of the class named in
/// ``withElement(_:as:_:)`` (checked in debug builds).
struct BorrowedElements<Element: AnyObject> {
  private let buffer: UnsafeBufferPointer<Element>

  private init(buffer: UnsafeBufferPointer<Element>) {
    self.buffer = buffer
  }

  /// How many elements there are.
  var count: Int { buffer.count }

  /// Runs `body` with the elements of `array` ready to be lent.
  @inline(__always)
  static func lending<Result>(_ array: ContiguousArray<Element>, _ body: (BorrowedElements) -> Result) -> Result {
    array.withUnsafeBufferPointer { body(BorrowedElements(buffer: $0)) }
  }

  /// Runs `body` with the element at `index`, as a `Known`, neither retained nor checked.
  @inline(__always)
  func withElement<Known: AnyObject, Result>(_ index: Int, as _: Known.Type, _ body: (Known) -> Result) -> Result {
    unretained(index)._withUnsafeGuaranteedRef { body(Self.uncheckedCast($0, to: Known.self)) }
  }

  /// The element at `index`, as a reference that keeps nothing alive (see ``UnretainedPair``).
  @inline(__always)
  func unretained(_ index: Int) -> Unmanaged<Element> {
    UnsafeRawPointer(buffer.baseAddress! + index).load(as: Unmanaged<Element>.self)
  }

  /// `object` as a `Known`, without the run-time check (checked in debug builds).
  @inline(__always)
  static func uncheckedCast<Known: AnyObject>(_ object: Element, to _: Known.Type) -> Known {
    assert(object is Known, "\(type(of: object)) is not a \(Known.self)")
    return unsafeDowncast(object, to: Known.self)
  }
}
#endif
