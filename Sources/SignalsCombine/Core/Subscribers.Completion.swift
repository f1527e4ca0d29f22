// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Subscribers {
  /// How a publisher ended: it finished normally, or it failed with an error.
  ///
  /// ```swift
  /// Fail<Int, URLError>(error: URLError(.timedOut))
  ///   .sink(receiveCompletion: { completion in
  ///     switch completion {
  ///     case .finished: print("done")
  ///     case .failure(let error): print("failed:", error.code)
  ///     }
  ///   }, receiveValue: { _ in })
  /// ```
  public enum Completion<Failure: Error> {
    /// The publisher finished and sends nothing more.
    case finished
    /// The publisher failed with `Failure` and sends nothing more.
    case failure(Failure)
  }
}

extension Subscribers.Completion: Sendable where Failure: Sendable {}
extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}

/// The keys of an encoded ``Subscribers/Completion``.
private enum CompletionCodingKeys: String, CodingKey {
  case success
  case error
}

extension Subscribers.Completion: Encodable where Failure: Encodable {
  /// Encodes `{"success": true}` for `.finished` and `{"success": false, "error": …}` for a failure.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CompletionCodingKeys.self)
    switch self {
    case .finished:
      try container.encode(true, forKey: .success)
    case .failure(let error):
      try container.encode(false, forKey: .success)
      try container.encode(error, forKey: .error)
    }
  }
}

extension Subscribers.Completion: Decodable where Failure: Decodable {
  /// Decodes what ``encode(to:)`` writes.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CompletionCodingKeys.self)
    if try container.decode(Bool.self, forKey: .success) {
      self = .finished
    } else {
      self = .failure(try container.decode(Failure.self, forKey: .error))
    }
  }
}

extension Subscribers.Completion {
  /// The same completion with the failure type erased, for code that only needs to know how a
  /// publisher ended.
  var eraseError: Subscribers.Completion<any Error> {
    switch self {
    case .finished: .finished
    case .failure(let error): .failure(error)
    }
  }
}
#endif
