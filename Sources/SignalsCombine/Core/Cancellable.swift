// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// A type whose work can be stopped.
///
/// Cancelling frees what the activity holds; calling ``cancel()`` more than once is harmless.
///
/// ```swift
/// let subject = PassthroughSubject<Int, Never>()
/// let cancellable = subject.sink { print($0) }
/// subject.send(1)        // Prints: 1
/// cancellable.cancel()
/// subject.send(2)        // nothing
/// ```
public protocol Cancellable {
  /// Stops the activity and frees what it holds.
  func cancel()
}

extension Cancellable {
  /// Wraps this cancellable in a new ``AnyCancellable`` and appends it to `collection`, which then
  /// keeps the activity alive and cancels it when the wrapper is released.
  ///
  /// This is what lets the values `connect()` and the schedulers' repeating `schedule` return be
  /// stored like a subscription:
  ///
  /// ```swift
  /// var tokens: [AnyCancellable] = []
  /// let ticks = PassthroughSubject<Int, Never>().makeConnectable()
  /// ticks.connect().store(in: &tokens)
  /// ```
  ///
  /// - Parameter collection: Where to append the wrapper.
  public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
    AnyCancellable(self).store(in: &collection)
  }

  /// Wraps this cancellable in a new ``AnyCancellable`` and inserts it into `set`, which then keeps
  /// the activity alive and cancels it when the wrapper is released.
  ///
  /// Each call makes a new wrapper, so storing the same cancellable twice stores it twice.
  ///
  /// ```swift
  /// var cancellables = Set<AnyCancellable>()
  /// let ticks = PassthroughSubject<Int, Never>().makeConnectable()
  /// ticks.connect().store(in: &cancellables)
  /// ```
  ///
  /// - Parameter set: The set to insert the wrapper into.
  public func store(in set: inout Set<AnyCancellable>) {
    AnyCancellable(self).store(in: &set)
  }
}
#endif
