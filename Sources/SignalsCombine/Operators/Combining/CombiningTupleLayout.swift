// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// Where the elements of a tuple output sit. Swift lays a tuple out like a struct: each element at
/// the first offset after the previous one that its alignment allows.
struct CombiningTupleLayout {
  /// The byte offset of each element appended so far.
  private(set) var offsets: [Int] = []
  /// The tuple's size so far.
  private(set) var size = 0

  /// Appends an element of type `T`.
  mutating func append<T>(_ type: T.Type) {
    let alignment = MemoryLayout<T>.alignment
    let offset = (size + alignment - 1) / alignment * alignment
    offsets.append(offset)
    size = offset + MemoryLayout<T>.size
  }

  /// The layout of a tuple of these element types, in order.
  static func of(_ types: [any Any.Type]) -> CombiningTupleLayout {
    var layout = CombiningTupleLayout()
    for type in types { layout.append(type) }
    return layout
  }
}

/// Calls a user `transform` of `combineLatest`/`zip`/`withLatestFrom` with the elements of a tuple
/// output, read at offsets computed once: projecting the elements of a tuple of generic types would
/// look the tuple's metadata up on every value.
enum CombiningSpread {
  /// The element offsets of `Tuple`, a tuple of `types`; checked against its size.
  private static func offsets<Tuple>(of tuple: Tuple.Type, _ types: [any Any.Type]) -> [Int] {
    let layout = CombiningTupleLayout.of(types)
    precondition(MemoryLayout<Tuple>.size == layout.size, "the tuple is made of these types")
    return layout.offsets
  }

  /// `transform` taking an `(A, B)` tuple.
  static func pair<Tuple, A, B, T>(_ transform: @escaping (A, B) -> T) -> (Tuple) -> T {
    let second = offsets(of: Tuple.self, [A.self, B.self])[1]
    return { tuple in
      withUnsafePointer(to: tuple) { pointer in
        let elements = UnsafeRawPointer(pointer)
        return transform(elements.load(as: A.self), elements.load(fromByteOffset: second, as: B.self))
      }
    }
  }

  /// `transform` taking an `(A, B, C)` tuple.
  static func triple<Tuple, A, B, C, T>(_ transform: @escaping (A, B, C) -> T) -> (Tuple) -> T {
    let offsets = offsets(of: Tuple.self, [A.self, B.self, C.self])
    let (second, third) = (offsets[1], offsets[2])
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
    let offsets = offsets(of: Tuple.self, [A.self, B.self, C.self, D.self])
    let (second, third, fourth) = (offsets[1], offsets[2], offsets[3])
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

extension CombiningStorage {
  /// Builds one output into the uninitialised memory it is given.
  typealias Assemble = (CombiningTake, ContiguousArray<CombiningBuffer>, UnsafeMutablePointer<Output>) -> Void

  /// The element offsets of `Output`, a tuple of `types`; checked against its size.
  private static func tupleOffsets(_ types: [any Any.Type]) -> [Int] {
    let layout = CombiningTupleLayout.of(types)
    precondition(MemoryLayout<Output>.size == layout.size, "the output is the tuple of the inputs' values")
    return layout.offsets
  }

  /// An `assemble` making `(A, B)` tuples from inputs 0 and 1. The elements are written at offsets
  /// computed here, once: making the tuple as a value would look its metadata up on every output.
  static func tuple<A, B>(_ a: A.Type, _ b: B.Type) -> Assemble {
    let offsets = tupleOffsets([a, b])
    let second = offsets[1]
    return { take, buffers, output in
      let tuple = UnsafeMutableRawPointer(output)
      buffers.read(take, at: 0, as: A.self, into: tuple)
      buffers.read(take, at: 1, as: B.self, into: tuple + second)
    }
  }

  /// An `assemble` making `(A, B, C)` tuples from inputs 0 to 2 (see ``tuple(_:_:)``).
  static func tuple<A, B, C>(_ a: A.Type, _ b: B.Type, _ c: C.Type) -> Assemble {
    let offsets = tupleOffsets([a, b, c])
    let (second, third) = (offsets[1], offsets[2])
    return { take, buffers, output in
      let tuple = UnsafeMutableRawPointer(output)
      buffers.read(take, at: 0, as: A.self, into: tuple)
      buffers.read(take, at: 1, as: B.self, into: tuple + second)
      buffers.read(take, at: 2, as: C.self, into: tuple + third)
    }
  }

  /// An `assemble` making `(A, B, C, D)` tuples from inputs 0 to 3 (see ``tuple(_:_:)``).
  static func tuple<A, B, C, D>(_ a: A.Type, _ b: B.Type, _ c: C.Type, _ d: D.Type) -> Assemble {
    let offsets = tupleOffsets([a, b, c, d])
    let (second, third, fourth) = (offsets[1], offsets[2], offsets[3])
    return { take, buffers, output in
      let tuple = UnsafeMutableRawPointer(output)
      buffers.read(take, at: 0, as: A.self, into: tuple)
      buffers.read(take, at: 1, as: B.self, into: tuple + second)
      buffers.read(take, at: 2, as: C.self, into: tuple + third)
      buffers.read(take, at: 3, as: D.self, into: tuple + fourth)
    }
  }
}
#endif
