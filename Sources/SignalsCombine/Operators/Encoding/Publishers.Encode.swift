// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Publisher where Output: Encodable {
  /// Encodes each value with an encoder, such as `JSONEncoder`.
  ///
  /// Demand passes through: one value in, one encoded value out. When encoding throws, upstream
  /// is cancelled and downstream fails with the error; upstream failures pass through, so the
  /// failure type is `any Error`. Encoding runs on the thread that delivers the value.
  ///
  /// ```swift
  /// import Foundation
  /// struct Point: Codable { var x, y: Int }
  /// let cancellable = Just(Point(x: 1, y: 2)).encode(encoder: JSONEncoder())
  ///   .sink(receiveCompletion: { _ in }, receiveValue: { print(String(decoding: $0, as: UTF8.self)) })
  /// // Prints: {"x":1,"y":2}
  /// ```
  ///
  /// - Parameter encoder: The encoder to use for every value.
  /// - Returns: A ``Publishers/Encode`` publisher.
  public func encode<Coder: TopLevelEncoder>(encoder: Coder) -> Publishers.Encode<Self, Coder> {
    Publishers.Encode(upstream: self, encoder: encoder)
  }
}

extension Publishers {
  /// A publisher that encodes each upstream value.
  ///
  /// Made by ``Publisher/encode(encoder:)``.
  ///
  /// ```swift
  /// import Foundation
  /// let encoded = Publishers.Encode(upstream: Just([1, 2]), encoder: JSONEncoder())
  /// let cancellable = encoded.sink(receiveCompletion: { _ in }, receiveValue: { print($0.count) })
  /// // Prints: 5
  /// ```
  public struct Encode<Upstream: Publisher, Coder: TopLevelEncoder>: Publisher where Upstream.Output: Encodable {
    /// What the encoder produces.
    public typealias Output = Coder.Output
    /// Any error: the upstream's or the encoder's.
    public typealias Failure = any Error

    /// The publisher whose values are encoded.
    public let upstream: Upstream

    private let encoder: Coder

    /// Creates a publisher that encodes the values of `upstream` with `encoder`.
    ///
    /// ```swift
    /// let encoded = Publishers.Encode(upstream: Just(1), encoder: JSONEncoder())
    /// ```
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are encoded.
    ///   - encoder: The encoder to use for every value.
    public init(upstream: Upstream, encoder: Coder) {
      self.upstream = upstream
      self.encoder = encoder
    }

    /// Attaches `subscriber` through an inner that encodes each value.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let encoder = self.encoder
      upstream.subscribe(CodingInner(downstream: subscriber, name: "Encode") { try encoder.encode($0) })
    }
  }
}

/// The inner shared by `encode` and `decode`: converts each value with a throwing closure.
final class CodingInner<Input, Failure: Error, Downstream: Subscriber>: OperatorInner<Input, Failure, Downstream>
where Downstream.Failure == any Error {
  private let name: String
  private let convert: (Input) throws -> Downstream.Input

  init(downstream: Downstream, name: String, convert: @escaping (Input) throws -> Downstream.Input) {
    self.name = name
    self.convert = convert
    super.init(downstream: downstream, rules: .passing)
  }

  override var description: String { name }

  override var customMirror: Mirror {
    let (phase, upstream) = link.snapshot()
    return Mirror(
      self,
      children: ["downstream": downstream, "finished": phase == .terminal, "upstreamSubscription": upstream as Any])
  }

  /// As Combine's: a value is converted unless the stream has ended, even before the
  /// subscription; a failed conversion ends the stream, cancelling upstream if it was subscribed.
  override func step(_ input: Input, _ admission: UpstreamLink.Admission) -> Subscribers.Demand {
    if link.phase == .terminal { return .none }
    let output: Downstream.Input
    do {
      output = try convert(input)
    } catch {
      let (wasTerminal, upstream) = link.end()
      upstream?.cancel()
      if !wasTerminal { downstream.receive(completion: .failure(error)) }
      return .none
    }
    return downstream.receive(output)
  }

  /// As Combine's: the first completion is forwarded, even before the subscription.
  override func receive(completion: Subscribers.Completion<Failure>) {
    guard !link.end().wasTerminal else { return }
    switch completion {
    case .finished: downstream.receive(completion: .finished)
    case .failure(let error): downstream.receive(completion: .failure(error))
    }
  }

  override func mapFailure(_ failure: Failure) -> any Error { failure }
}
#endif
