// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import Testing

private struct Boom: Error, Equatable {}

struct ResultPublisherOperatorsTests {
  @Test func successIsTransformedNow() {
    let success = Result<Int, Boom>.success(3).publisher
    let mapped: Result<Int, Boom>.Publisher = success.map { $0 + 1 }
    #expect(mapped.result == .success(4))
    #expect(success.count().result == .success(1))
    #expect(success.collect().result == .success([3]))
    #expect(success.contains(3).result == .success(true))
    #expect(success.scan(1, +).result == .success(4))
    #expect(success.replaceError(with: 0).result == .success(3))
  }

  @Test func failurePassesThroughWithoutCallingClosures() {
    let failure = Result<Int, Boom>.failure(Boom()).publisher
    var calls = 0
    let transform: (Int) -> Int = { value in
      calls += 1
      return value
    }
    #expect(failure.map(transform).result == .failure(Boom()))
    #expect(failure.reduce(0) { $0 + transform($1) }.result == .failure(Boom()))
    #expect(calls == 0)
    #expect(failure.replaceError(with: 7).result == .success(7))
    #expect(failure.replaceEmpty(with: 7).result == .failure(Boom()))
    #expect(failure.mapError { _ in CancellationError() }.result.isFailure)
  }

  @Test func tryOverloadsCallTheirClosureOnTheValueAndCaptureErrors() throws {
    let success = Result<Int, Boom>.success(3).publisher
    var seen: [Int] = []
    let checked = success.tryMin { lhs, rhs in
      seen += [lhs, rhs]
      return lhs < rhs
    }
    #expect(try checked.result.get() == 3)
    #expect(seen == [3, 3])
    #expect(throws: Boom.self) { try success.tryMap { _ -> Int in throw Boom() }.result.get() }
    #expect(throws: Boom.self) { try Result<Int, Boom>.failure(Boom()).publisher.tryMax(by: <).result.get() }
  }

  @Test func neverFailingResultCanTakeAFailureType() {
    let publisher: Result<Int, Boom>.Publisher = Result<Int, Never>.success(1).publisher.setFailureType(to: Boom.self)
    #expect(publisher.result == .success(1))
  }
}

extension Result {
  fileprivate var isFailure: Bool {
    if case .failure = self { return true }
    return false
  }
}
