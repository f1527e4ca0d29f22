// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
@_spi(Signals) import SignalsSupport

extension Future where Failure == Never, Output: Sendable {
  /// The future's value, awaited.
  ///
  /// Returns at once if the future already has its value. Waiting subscribes to the future;
  /// cancelling the awaiting task does not stop the wait (the future always produces a value).
  ///
  /// ```swift
  /// let answer = Future<Int, Never> { promise in promise(.success(42)) }
  /// print(await answer.value)  // 42
  /// ```
  public var value: Output {
    get async {
      switch await FutureValueSubscriber.wait(for: self) {
      case .success(let value): value
      }
    }
  }
}

extension Future where Output: Sendable {
  /// The future's value, awaited; throws the future's failure.
  ///
  /// Returns (or throws) at once if the future already has its result. Cancelling the awaiting
  /// task does not stop the wait.
  ///
  /// ```swift
  /// let page = Future<String, URLError> { promise in promise(.failure(URLError(.badURL))) }
  /// do { _ = try await page.value } catch { print(error) }  // URLError(.badURL)
  /// ```
  public var value: Output {
    get async throws {
      try await FutureValueSubscriber.wait(for: self).get()
    }
  }
}

/// Subscribes to a future and resumes one continuation with its result.
private final class FutureValueSubscriber<Output: Sendable, Failure: Error>: Subscriber {
  typealias Input = Output
  typealias Continuation = UnsafeContinuation<Result<Output, Failure>, Never>

  /// Taken (under the lock) by whichever event resumes it.
  private let continuation: LockedState<Continuation?>

  private init(_ continuation: Continuation) {
    self.continuation = .make(continuation)
  }

  static func wait(for future: Future<Output, Failure>) async -> Result<Output, Failure> {
    await withUnsafeContinuation { continuation in
      future.subscribe(FutureValueSubscriber(continuation))
    }
  }

  func receive(subscription: any Subscription) {
    subscription.request(.max(1))
  }

  func receive(_ input: Output) -> Subscribers.Demand {
    resume(with: .success(input))
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished:
      let unresumed = continuation.withLock { $0 } != nil
      precondition(!unresumed, "Future finished without sending a value")
    case .failure(let error):
      resume(with: .failure(error))
    }
  }

  private func resume(with result: Result<Output, Failure>) {
    let taken = continuation.withLock { continuation -> Continuation? in
      defer { continuation = nil }
      return continuation
    }
    taken?.resume(returning: result)
  }
}

// Safety: the only mutable state is `continuation`, a `LockedState`.
extension FutureValueSubscriber: @unchecked Sendable {}
#endif
