// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// Where the elements of a tuple sit. Swift lays a tuple out like a struct: each element at the
/// first offset after the previous one that its alignment allows.
///
/// Making or projecting a tuple of generic element types looks the tuple's metadata up at run time;
/// the combining operators read and write tuple elements at these offsets instead, computed once
/// per subscription (``ValueDestination/element(at:)``, ``TupleSpread``).
struct TupleLayout {
  /// The tuple's size so far.
  private(set) var size = 0

  /// An empty layout, to append the element types to in order.
  init() {}

  /// Appends an element of type `T`; returns its offset.
  mutating func append<T>(_ type: T.Type) -> Int {
    let alignment = MemoryLayout<T>.alignment
    let offset = (size + alignment - 1) / alignment * alignment
    size = offset + MemoryLayout<T>.size
    return offset
  }

  /// Stops the program unless `Tuple` has this layout's size: a cheap check that `Tuple` is the
  /// tuple of the element types appended (its offsets cannot be read from a generic tuple type).
  func check<Tuple>(_ tuple: Tuple.Type) {
    precondition(MemoryLayout<Tuple>.size == size, "\(Tuple.self) is not the tuple of the element types appended")
  }
}

/// Calls a user `transform` of `combineLatest`/`zip` with the elements of a tuple output, read at
/// offsets computed once: projecting the elements of a tuple of generic types would look the
/// tuple's metadata up on every value.
///
/// Safety: each function must be called with `Tuple` the tuple of the transform's parameter types,
/// in order (`(A, B)` for ``pair(_:)``); the size is checked once, when the function is made.
enum TupleSpread {
  /// `transform` taking an `(A, B)` tuple.
  static func pair<Tuple, A, B, T>(_ transform: @escaping (A, B) -> T) -> (Tuple) -> T {
    var layout = TupleLayout()
    _ = layout.append(A.self)
    let second = layout.append(B.self)
    layout.check(Tuple.self)
    return { tuple in
      withUnsafePointer(to: tuple) { pointer in
        let elements = UnsafeRawPointer(pointer)
        return transform(elements.load(as: A.self), elements.load(fromByteOffset: second, as: B.self))
      }
    }
  }

  /// `transform` taking an `(A, B, C)` tuple.
  static func triple<Tuple, A, B, C, T>(_ transform: @escaping (A, B, C) -> T) -> (Tuple) -> T {
    var layout = TupleLayout()
    _ = layout.append(A.self)
    let (second, third) = (layout.append(B.self), layout.append(C.self))
    layout.check(Tuple.self)
    return { tuple in
      withUnsafePointer(to: tuple) { pointer in
        let elements = UnsafeRawPointer(pointer)
        return transform(
          elements.load(as: A.self), elements.load(fromByteOffset: second, as: B.self),
          elements.load(fromByteOffset: third, as: C.self))
      }
    }
  }

  /// `transform` taking an `(A, B, C, D)` tuple.
  static func quadruple<Tuple, A, B, C, D, T>(_ transform: @escaping (A, B, C, D) -> T) -> (Tuple) -> T {
    var layout = TupleLayout()
    _ = layout.append(A.self)
    let (second, third, fourth) = (layout.append(B.self), layout.append(C.self), layout.append(D.self))
    layout.check(Tuple.self)
    return { tuple in
      withUnsafePointer(to: tuple) { pointer in
        let elements = UnsafeRawPointer(pointer)
        return transform(
          elements.load(as: A.self), elements.load(fromByteOffset: second, as: B.self),
          elements.load(fromByteOffset: third, as: C.self), elements.load(fromByteOffset: fourth, as: D.self))
      }
    }
  }
}
#endif
