// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher {
  /// Decodes each value into `type` with a decoder, such as `JSONDecoder`.
  ///
  /// Demand passes through: one value in, one decoded value out. When decoding throws, upstream
  /// is cancelled and downstream fails with the error; upstream failures pass through, so the
  /// failure type is `any Error`. Decoding runs on the thread that delivers the value.
  ///
  /// ```swift
  /// import Foundation
  /// struct Point: Codable { var x, y: Int }
  /// let cancellable = Just(Data(#"{"x":1,"y":2}"#.utf8))
  ///   .decode(type: Point.self, decoder: JSONDecoder())
  ///   .sink(receiveCompletion: { _ in }, receiveValue: { print($0.x) })
  /// // Prints: 1
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - decoder: The decoder to use for every value.
  /// - Returns: A ``Publishers/Decode`` publisher.
  public func decode<Item: Decodable, Coder: TopLevelDecoder>(
    type: Item.Type, decoder: Coder
  ) -> Publishers.Decode<Self, Item, Coder> where Output == Coder.Input {
    Publishers.Decode(upstream: self, decoder: decoder)
  }
}

extension Publishers {
  /// A publisher that decodes each upstream value.
  ///
  /// Made by ``Publisher/decode(type:decoder:)``.
  ///
  /// ```swift
  /// import Foundation
  /// let decoded = Publishers.Decode<Just<Data>, [Int], JSONDecoder>(
  ///   upstream: Just(Data("[1,2]".utf8)), decoder: JSONDecoder())
  /// let cancellable = decoded.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
  /// // Prints: [1, 2]
  /// ```
  public struct Decode<Upstream: Publisher, Output: Decodable, Coder: TopLevelDecoder>: Publisher
  where Upstream.Output == Coder.Input {
    /// Any error: the upstream's or the decoder's.
    public typealias Failure = any Error

    /// The publisher whose values are decoded.
    public let upstream: Upstream

    private let decoder: Coder

    /// Creates a publisher that decodes the values of `upstream` with `decoder`.
    ///
    /// ```swift
    /// let decoded = Publishers.Decode<Just<Data>, Int, JSONDecoder>(
    ///   upstream: Just(Data("1".utf8)), decoder: JSONDecoder())
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are decoded.
    ///   - decoder: The decoder to use for every value.
    public init(upstream: Upstream, decoder: Coder) {
      self.upstream = upstream
      self.decoder = decoder
    }

    /// Attaches `subscriber` through an inner that decodes each value.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let decoder = self.decoder
      upstream.subscribe(
        CodingInner(downstream: subscriber, name: "Decode") { try decoder.decode(Output.self, from: $0) })
    }
  }
}
#endif
