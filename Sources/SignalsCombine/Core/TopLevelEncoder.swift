// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// An encoder that turns a whole `Encodable` value into one output, such as `JSONEncoder` into
/// `Data`.
///
/// The `encode` operator works with any of them. Foundation's `JSONEncoder` and
/// `PropertyListEncoder` conform out of the box.
///
/// ```swift
/// struct Point: Codable { var x, y: Int }
/// let data = try JSONEncoder().encode(Point(x: 1, y: 2))  // a TopLevelEncoder call
/// print(String(decoding: data, as: UTF8.self))          // {"x":1,"y":2}
/// ```
public protocol TopLevelEncoder {
  /// What the encoder produces (for example `Data`).
  associatedtype Output

  /// Encodes `value`.
  ///
  /// - Parameter value: The value to encode.
  /// - Returns: The encoded output.
  func encode<T: Encodable>(_ value: T) throws -> Output
}

/// A decoder that turns one input, such as `Data`, into a whole `Decodable` value.
///
/// The `decode` operator works with any of them. Foundation's `JSONDecoder` and
/// `PropertyListDecoder` conform out of the box.
///
/// ```swift
/// struct Point: Codable { var x, y: Int }
/// let point = try JSONDecoder().decode(Point.self, from: Data(#"{"x":1,"y":2}"#.utf8))
/// print(point.x)  // 1
/// ```
public protocol TopLevelDecoder {
  /// What the decoder reads (for example `Data`).
  associatedtype Input

  /// Decodes a value of `type` from `from`.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - from: The input to read.
  /// - Returns: The decoded value.
  func decode<T: Decodable>(_ type: T.Type, from: Input) throws -> T
}
#endif
