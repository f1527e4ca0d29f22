// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher {
  /// Interleaves the values of this publisher and `other`, a publisher of the same type, as a
  /// ``Publishers/MergeMany`` that further publishers of that type can join.
  ///
  /// When both publishers have the same type, Swift picks this overload over the generic
  /// ``Publisher/merge(with:)->Publishers.Merge<Self,P>``, as Combine does.
  ///
  /// ```swift
  /// let cancellable = Just(1).merge(with: Just(2)).merge(with: Just(3)).sink { print($0) }
  /// // Prints: 1, 2, 3 (one per line)
  /// ```
  ///
  /// - Note: Demand, threading and completion as in ``Publishers/MergeMany``.
  ///
  /// - Parameter other: Another publisher of this type.
  /// - Returns: A ``Publishers/MergeMany`` of the two publishers.
  public func merge(with other: Self) -> Publishers.MergeMany<Self> {
    Publishers.MergeMany(self, other)
  }
}

extension Publishers {
  /// Interleaves the values of any number of publishers of one type, as they arrive.
  ///
  /// It subscribes to every publisher at once and sends every value of every one of them; it
  /// finishes when all have finished. Paired with `collect()` it answers "run all of these in
  /// parallel, then continue with all the results", failing on the first error.
  ///
  /// ```swift
  /// let uploads = ["a.jpg", "b.jpg"].map { name in Just(name.uppercased()) }
  /// let cancellable = Publishers.MergeMany(uploads).collect().sink { print($0) }
  /// // Prints: ["A.JPG", "B.JPG"]
  /// ```
  ///
  /// - Note: Demand: as in Combine, each upstream is asked for one value at a time while the
  ///   subscriber's demand is limited (a value that arrives without demand waits in that upstream's
  ///   one-value buffer until the next request), and for `.unlimited` once the subscriber asks for
  ///   `.unlimited`.
  /// - Note: Threading: the upstreams may send from any threads; values reach the subscriber one at
  ///   a time, never concurrently. A value sent from inside the subscriber's `receive(_:)` is
  ///   delivered right after that call returns.
  /// - Important: Completion: finishes once every upstream finished and no buffered value is left
  ///   (at once when there are no publishers); the first failure cancels the other upstreams and is
  ///   delivered after the values already on their way.
  public struct MergeMany<Upstream: Publisher>: Publisher {
    /// The upstreams' output.
    public typealias Output = Upstream.Output
    /// The upstreams' failure.
    public typealias Failure = Upstream.Failure

    /// The publishers merged, in subscription order.
    public let publishers: [Upstream]

    /// Merges the publishers listed.
    ///
    /// ```swift
    /// let merged = Publishers.MergeMany(Just(1), Just(2), Just(3))
    /// ```
    ///
    /// - Parameter upstream: The publishers to merge.
    public init(_ upstream: Upstream...) {
      publishers = upstream
    }

    /// Merges the publishers of a sequence.
    ///
    /// ```swift
    /// let merged = Publishers.MergeMany([1, 2, 3].map { Just($0) })
    /// ```
    ///
    /// - Parameter upstream: The publishers to merge.
    public init<S: Swift.Sequence>(_ upstream: S) where Upstream == S.Element {
      publishers = Array(upstream)
    }

    /// Subscribes every publisher and attaches `subscriber`.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      typealias Storage = CombiningStorage<S>
      Storage.merge(subscriber, name: "Merge", count: publishers.count).start { storage in
        for (index, publisher) in publishers.enumerated() { storage.attachMerged(publisher, at: index) }
      }
    }

    /// Adds one more publisher to the merge.
    ///
    /// ```swift
    /// let merged = Publishers.MergeMany(Just(1), Just(2)).merge(with: Just(3))
    /// ```
    ///
    /// - Parameter other: Another publisher of the same type.
    /// - Returns: A ``Publishers/MergeMany`` of all the publishers.
    public func merge(with other: Upstream) -> Publishers.MergeMany<Upstream> {
      Publishers.MergeMany(publishers + [other])
    }
  }
}

extension Publishers.MergeMany: Equatable where Upstream: Equatable {}
extension Publishers.MergeMany: Sendable where Upstream: Sendable {}
#endif
