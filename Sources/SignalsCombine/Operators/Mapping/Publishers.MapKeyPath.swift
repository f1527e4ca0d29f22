// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher {
  /// Publishes the value of a property of each value, read through a key path.
  ///
  /// Demand, threading and completion are those of ``map(_:)``.
  ///
  /// ```swift
  /// struct Point { var x, y: Int }
  /// let cancellable = [Point(x: 1, y: 2)].publisher.map(\.x).sink { print($0) }
  /// // Prints: 1
  /// ```
  ///
  /// - Parameter keyPath: The property to read.
  /// - Returns: A ``Publishers/MapKeyPath`` publisher.
  public func map<T>(_ keyPath: KeyPath<Output, T>) -> Publishers.MapKeyPath<Self, T> {
    Publishers.MapKeyPath(upstream: self, keyPath: keyPath)
  }

  /// Publishes two properties of each value, read through key paths, as a tuple.
  ///
  /// Demand, threading and completion are those of ``Publisher/map(_:)->Publishers.Map<Self,T>``.
  ///
  /// ```swift
  /// struct Point { var x, y: Int }
  /// let cancellable = [Point(x: 1, y: 2)].publisher.map(\.x, \.y).sink { print($0) }
  /// // Prints: (1, 2)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath0: The first property to read.
  ///   - keyPath1: The second property to read.
  /// - Returns: A ``Publishers/MapKeyPath2`` publisher.
  public func map<T0, T1>(
    _ keyPath0: KeyPath<Output, T0>, _ keyPath1: KeyPath<Output, T1>
  ) -> Publishers.MapKeyPath2<Self, T0, T1> {
    Publishers.MapKeyPath2(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1)
  }

  /// Publishes three properties of each value, read through key paths, as a tuple.
  ///
  /// Demand, threading and completion are those of ``Publisher/map(_:)->Publishers.Map<Self,T>``.
  ///
  /// ```swift
  /// struct Point { var x, y, z: Int }
  /// let cancellable = [Point(x: 1, y: 2, z: 3)].publisher.map(\.x, \.y, \.z).sink { print($0) }
  /// // Prints: (1, 2, 3)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath0: The first property to read.
  ///   - keyPath1: The second property to read.
  ///   - keyPath2: The third property to read.
  /// - Returns: A ``Publishers/MapKeyPath3`` publisher.
  public func map<T0, T1, T2>(
    _ keyPath0: KeyPath<Output, T0>, _ keyPath1: KeyPath<Output, T1>, _ keyPath2: KeyPath<Output, T2>
  ) -> Publishers.MapKeyPath3<Self, T0, T1, T2> {
    Publishers.MapKeyPath3(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1, keyPath2: keyPath2)
  }
}

extension Publishers {
  /// A publisher that reads one property of each upstream value.
  ///
  /// Made by `map(_:)` with one key path.
  ///
  /// ```swift
  /// let lengths = Publishers.MapKeyPath(upstream: ["ab"].publisher, keyPath: \.count)
  /// let cancellable = lengths.sink { print($0) }
  /// // Prints: 2
  /// ```
  public struct MapKeyPath<Upstream: Publisher, Output>: Publisher {
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are read.
    public let upstream: Upstream

    /// The property read from each value.
    public let keyPath: KeyPath<Upstream.Output, Output>

    /// Creates a publisher that reads `keyPath` from each value of `upstream`.
    ///
    /// ```swift
    /// let lengths = Publishers.MapKeyPath(upstream: ["ab"].publisher, keyPath: \.count)
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are read.
    ///   - keyPath: The property read from each value.
    public init(upstream: Upstream, keyPath: KeyPath<Upstream.Output, Output>) {
      self.upstream = upstream
      self.keyPath = keyPath
    }

    /// Attaches `subscriber` to `upstream` through a relay that reads the property.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let keyPath = self.keyPath
      upstream.subscribe(
        KeyPathRelay(downstream: subscriber, name: "ValueForKey", keyPaths: ["keyPath": keyPath]) {
          $0[keyPath: keyPath]
        })
    }
  }

  /// A publisher that reads two properties of each upstream value.
  ///
  /// Made by ``Publisher/map(_:_:)``.
  ///
  /// ```swift
  /// let pairs = Publishers.MapKeyPath2(upstream: ["ab"].publisher, keyPath0: \.count, keyPath1: \.first)
  /// let cancellable = pairs.sink { print($0) }
  /// // Prints: (2, Optional("a"))
  /// ```
  public struct MapKeyPath2<Upstream: Publisher, Output0, Output1>: Publisher {
    /// A tuple of the two properties.
    public typealias Output = (Output0, Output1)
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are read.
    public let upstream: Upstream

    /// The first property read from each value.
    public let keyPath0: KeyPath<Upstream.Output, Output0>

    /// The second property read from each value.
    public let keyPath1: KeyPath<Upstream.Output, Output1>

    /// Creates a publisher that reads two key paths from each value of `upstream`.
    ///
    /// ```swift
    /// let pairs = Publishers.MapKeyPath2(upstream: ["ab"].publisher, keyPath0: \.count, keyPath1: \.isEmpty)
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are read.
    ///   - keyPath0: The first property read from each value.
    ///   - keyPath1: The second property read from each value.
    public init(
      upstream: Upstream, keyPath0: KeyPath<Upstream.Output, Output0>, keyPath1: KeyPath<Upstream.Output, Output1>
    ) {
      self.upstream = upstream
      self.keyPath0 = keyPath0
      self.keyPath1 = keyPath1
    }

    /// Attaches `subscriber` to `upstream` through a relay that reads the properties.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let (keyPath0, keyPath1) = (self.keyPath0, self.keyPath1)
      upstream.subscribe(
        KeyPathRelay(
          downstream: subscriber, name: "ValueForKeys", keyPaths: ["keyPath0": keyPath0, "keyPath1": keyPath1]
        ) {
          ($0[keyPath: keyPath0], $0[keyPath: keyPath1])
        })
    }
  }

  /// A publisher that reads three properties of each upstream value.
  ///
  /// Made by ``Publisher/map(_:_:_:)``.
  ///
  /// ```swift
  /// let triples = Publishers.MapKeyPath3(
  ///   upstream: ["ab"].publisher, keyPath0: \.count, keyPath1: \.first, keyPath2: \.last)
  /// let cancellable = triples.sink { print($0) }
  /// // Prints: (2, Optional("a"), Optional("b"))
  /// ```
  public struct MapKeyPath3<Upstream: Publisher, Output0, Output1, Output2>: Publisher {
    /// A tuple of the three properties.
    public typealias Output = (Output0, Output1, Output2)
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are read.
    public let upstream: Upstream

    /// The first property read from each value.
    public let keyPath0: KeyPath<Upstream.Output, Output0>

    /// The second property read from each value.
    public let keyPath1: KeyPath<Upstream.Output, Output1>

    /// The third property read from each value.
    public let keyPath2: KeyPath<Upstream.Output, Output2>

    /// Creates a publisher that reads three key paths from each value of `upstream`.
    ///
    /// ```swift
    /// let triples = Publishers.MapKeyPath3(
    ///   upstream: ["ab"].publisher, keyPath0: \.count, keyPath1: \.isEmpty, keyPath2: \.first)
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are read.
    ///   - keyPath0: The first property read from each value.
    ///   - keyPath1: The second property read from each value.
    ///   - keyPath2: The third property read from each value.
    public init(
      upstream: Upstream,
      keyPath0: KeyPath<Upstream.Output, Output0>,
      keyPath1: KeyPath<Upstream.Output, Output1>,
      keyPath2: KeyPath<Upstream.Output, Output2>
    ) {
      self.upstream = upstream
      self.keyPath0 = keyPath0
      self.keyPath1 = keyPath1
      self.keyPath2 = keyPath2
    }

    /// Attaches `subscriber` to `upstream` through a relay that reads the properties.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let (keyPath0, keyPath1, keyPath2) = (self.keyPath0, self.keyPath1, self.keyPath2)
      upstream.subscribe(
        KeyPathRelay(
          downstream: subscriber, name: "ValueForKeys",
          keyPaths: ["keyPath0": keyPath0, "keyPath1": keyPath1, "keyPath2": keyPath2]
        ) {
          ($0[keyPath: keyPath0], $0[keyPath: keyPath1], $0[keyPath: keyPath2])
        })
    }
  }
}

/// The subscriber of the key-path maps: it hands upstream's subscription through, reads the
/// properties of each value with `read` and sends the result.
private struct KeyPathRelay<Input, Failure: Error, Downstream: Subscriber>: RelayingSubscriber
where Downstream.Failure == Failure {
  let combineIdentifier = CombineIdentifier()
  let downstream: Downstream
  let name: String
  /// The key paths by Combine's names for them, for the mirror.
  let keyPaths: KeyValuePairs<String, AnyKeyPath>
  let read: (Input) -> Downstream.Input

  var description: String { name }

  var customMirror: Mirror { Mirror(self, children: keyPaths.map { (label: $0.key, value: $0.value as Any) }) }

  func receive(_ input: Input) -> Subscribers.Demand {
    downstream.receive(read(input))
  }
}
#endif
