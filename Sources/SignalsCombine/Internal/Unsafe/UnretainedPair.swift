// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// At most two class references kept without a retain, each lent to a closure as a subclass the
/// caller knows it to be: a subject's send to one or two subscribers keeps them this way instead of
/// retaining its list.
///
/// Retaining the list and releasing it after the send are two atomic operations per send, close
/// to a third of the whole send to one `sink`.
///
/// Safety: the caller keeps every object alive, by a rule of its own, for as long as it uses this
/// value (a subject's send keeps only conduits whose tokens it holds on loan, and the subject keeps
/// a conduit taken off its list alive while such a loan is outstanding: `SubjectStorage.State`'s
/// `retired`); and every object is an instance of the class named in ``withElement(_:as:_:)``
/// (checked in debug builds).
struct UnretainedPair<Element: AnyObject> {
  private var first: Unmanaged<Element>?
  private var second: Unmanaged<Element>?
  /// How many references are kept: 0, 1 or 2.
  private(set) var count = 0

  /// Keeps nothing.
  init() {}

  /// Keeps the first two elements of `array` (fewer if it has fewer), unretained.
  init(_ array: ContiguousArray<Element>) {
    BorrowedElements.lending(array) { elements in
      count = min(elements.count, 2)
      if count > 0 { first = elements.unretained(0) }
      if count > 1 { second = elements.unretained(1) }
    }
  }

  /// Runs `body` with the element at `index` (below ``count``), as a `Known`, neither retained
  /// nor checked.
  @inline(__always)
  func withElement<Known: AnyObject, Result>(_ index: Int, as _: Known.Type, _ body: (Known) -> Result) -> Result {
    assert(index < count, "element \(index) of \(count)")
    let element = index == 0 ? first.unsafelyUnwrapped : second.unsafelyUnwrapped
    return element._withUnsafeGuaranteedRef { body(BorrowedElements.uncheckedCast($0, to: Known.self)) }
  }
}
#endif
