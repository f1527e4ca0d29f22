// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
extension Future where Failure == Never, Output: Sendable {
  /// The future's value, awaited.
  ///
  /// Returns at once if the future already has its value. Waiting needs no subscription (the
  /// future resumes the waiting task itself); cancelling the awaiting task does not stop the wait
  /// (the future always produces a value).
  ///
  /// ```swift
  /// let answer = Future<Int, Never> { promise in promise(.success(42)) }
  /// print(await answer.value)  // 42
  /// ```
  public var value: Output {
    get async {
      switch await awaitResult() {
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
      try await awaitResult().get()
    }
  }
}
#endif
