// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

extension Sequence where Element == AnyCancellable {
  /// Cancels every cancellable in the sequence.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let tokens = [subject.sink { print("a", $0) }, subject.sink { print("b", $0) }]
  /// tokens.cancel()
  /// subject.send(1)  // nothing
  /// ```
  public func cancel() {
    for cancellable in self {
      cancellable.cancel()
    }
  }

  /// Stores every cancellable in `set`, which then keeps them alive.
  ///
  /// ```swift
  /// var cancellables = Set<AnyCancellable>()
  /// let subject = PassthroughSubject<Int, Never>()
  /// [subject.sink { _ in }, subject.sink { _ in }].store(in: &cancellables)
  /// print(cancellables.count)  // 2
  /// ```
  ///
  /// - Parameter set: The set to insert the cancellables into.
  public func store(in set: inout Set<AnyCancellable>) {
    set.formUnion(self)
  }

  /// Appends every cancellable to `collection`, which then keeps them alive.
  ///
  /// ```swift
  /// var tokens: [AnyCancellable] = []
  /// let subject = PassthroughSubject<Int, Never>()
  /// [subject.sink { _ in }].store(in: &tokens)
  /// print(tokens.count)  // 1
  /// ```
  ///
  /// - Parameter collection: Where to append the cancellables.
  public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
    collection.append(contentsOf: self)
  }
}
