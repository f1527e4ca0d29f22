// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension CombiningStorage {
  /// Writes one output, made from the inputs' rings as the take says, into the uninitialised
  /// destination it is given (``CombiningStorage`` runs it under its lock).
  typealias Assemble = (CombiningTake, ContiguousArray<AnyValueRing>, ValueDestination) -> Void

  /// An `assemble` making `(A, B)` tuples from inputs 0 and 1. The elements are written at offsets
  /// computed here, once: making the tuple as a value would look its metadata up on every output.
  static func tuple<A, B>(_ a: A.Type, _ b: B.Type) -> Assemble {
    var layout = TupleLayout()
    _ = layout.append(a)
    let second = layout.append(b)
    layout.check(Output.self)
    return { take, rings, output in
      rings.read(take, at: 0, as: A.self, into: output)
      rings.read(take, at: 1, as: B.self, into: output.element(at: second))
    }
  }

  /// An `assemble` making `(A, B, C)` tuples from inputs 0 to 2 (see ``tuple(_:_:)``).
  static func tuple<A, B, C>(_ a: A.Type, _ b: B.Type, _ c: C.Type) -> Assemble {
    var layout = TupleLayout()
    _ = layout.append(a)
    let (second, third) = (layout.append(b), layout.append(c))
    layout.check(Output.self)
    return { take, rings, output in
      rings.read(take, at: 0, as: A.self, into: output)
      rings.read(take, at: 1, as: B.self, into: output.element(at: second))
      rings.read(take, at: 2, as: C.self, into: output.element(at: third))
    }
  }

  /// An `assemble` making `(A, B, C, D)` tuples from inputs 0 to 3 (see ``tuple(_:_:)``).
  static func tuple<A, B, C, D>(_ a: A.Type, _ b: B.Type, _ c: C.Type, _ d: D.Type) -> Assemble {
    var layout = TupleLayout()
    _ = layout.append(a)
    let (second, third, fourth) = (layout.append(b), layout.append(c), layout.append(d))
    layout.check(Output.self)
    return { take, rings, output in
      rings.read(take, at: 0, as: A.self, into: output)
      rings.read(take, at: 1, as: B.self, into: output.element(at: second))
      rings.read(take, at: 2, as: C.self, into: output.element(at: third))
      rings.read(take, at: 3, as: D.self, into: output.element(at: fourth))
    }
  }

  /// The `assemble` of a merge: the output is the value of the one input the take names.
  static func merged() -> Assemble {
    { take, rings, output in
      guard case .slot(let index) = take else { preconditionFailure("merge makes outputs from one input: \(take)") }
      rings.read(take, at: index, as: Output.self, into: output)
    }
  }
}

extension ContiguousArray where Element == AnyValueRing {
  /// Writes the value `take` asks of input `index`, whose values are of type `Value`, into the
  /// uninitialised `destination` (an output tuple's element, or a whole output): moved out when
  /// the take removes it, copied when it stays (a latest value).
  func read<Value>(_ take: CombiningTake, at index: Int, as type: Value.Type, into destination: ValueDestination) {
    let ring = ValueRing<Value>.unerased(self[index])
    switch take {
    case .latest:
      precondition(ring.count == 1, "combineLatest reads a latest value")
      ring.copyFirst(into: destination)
    case .heads:
      ring.moveFirst(into: destination)
    case .slot(let taken):
      precondition(taken == index, "a merge take reads only the input it names")
      ring.moveFirst(into: destination)
    }
  }
}
#endif
