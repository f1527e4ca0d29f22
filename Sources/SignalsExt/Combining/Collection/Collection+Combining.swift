// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals

extension Collection where Element: Publisher {
  /// Combines the latest values of every publisher of the collection into an array, each time any
  /// of them sends, once all have sent.
  ///
  /// `combineLatest` for any number of publishers of one type (Combine stops at four), with
  /// CombineExt's name and signature. The array keeps the collection's order.
  ///
  /// ```swift
  /// let fields = [CurrentValueSubject<String, Never>("a"), CurrentValueSubject<String, Never>("")]
  /// let cancellable = fields.combineLatest().sink { print($0) }  // Prints: ["a", ""]
  /// fields[1].send("b")  // Prints: ["a", "b"]
  /// ```
  ///
  /// - Note: Demand, threading and completion as in `combineLatest(_:)`. An empty
  ///   collection gives a publisher that finishes at once without a value.
  ///
  /// - Returns: A publisher of arrays of the latest values.
  public func combineLatest() -> AnyPublisher<[Element.Output], Element.Failure> {
    guard !isEmpty else { return Empty().eraseToAnyPublisher() }
    return CombiningCollection(publishers: Array(self), zips: false).eraseToAnyPublisher()
  }

  /// Groups the values of every publisher of the collection in order into arrays: the first
  /// values together, then the second values, and so on.
  ///
  /// `zip` for any number of publishers of one type (Combine stops at four), with CombineExt's
  /// name and signature. The array keeps the collection's order.
  ///
  /// ```swift
  /// let cancellable = [[1, 2].publisher, [10, 20].publisher].zip().sink { print($0) }
  /// // Prints: [1, 10], then [2, 20]
  /// ```
  ///
  /// - Note: Demand, threading and completion as in `zip(_:)`. An empty collection
  ///   gives a publisher that finishes at once without a value.
  ///
  /// - Returns: A publisher of arrays of values, one from each publisher.
  public func zip() -> AnyPublisher<[Element.Output], Element.Failure> {
    guard !isEmpty else { return Empty().eraseToAnyPublisher() }
    return CombiningCollection(publishers: Array(self), zips: true).eraseToAnyPublisher()
  }

  /// Interleaves the values of every publisher of the collection as they arrive.
  ///
  /// A `Publishers.MergeMany` of the collection, type-erased, with CombineExt's name and
  /// signature.
  ///
  /// ```swift
  /// let cancellable = [Just(1), Just(2)].merge().sink { print($0) }  // Prints: 1, 2 (one per line)
  /// ```
  ///
  /// - Note: Demand, threading and completion as in `Publishers.MergeMany`. An empty collection
  ///   gives a publisher that finishes at once without a value.
  ///
  /// - Returns: A publisher of every value of every publisher.
  public func merge() -> AnyPublisher<Element.Output, Element.Failure> {
    Publishers.MergeMany(self).eraseToAnyPublisher()
  }
}

/// The publisher behind ``Swift/Collection/combineLatest()`` and ``Swift/Collection/zip()``: a
/// ``CollectionCombiningStorage`` over a run-time number of publishers of one type, making arrays.
private struct CombiningCollection<Upstream: Publisher>: Publisher {
  typealias Output = [Upstream.Output]
  typealias Failure = Upstream.Failure

  let publishers: [Upstream]
  let zips: Bool

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    CollectionCombiningStorage(downstream: subscriber, zips: zips, count: publishers.count).start(publishers)
  }
}
