// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import Testing

/// What a block left alive: the Signals subscriptions and operator inners it created that still
/// exist when it returns; made by ``liveObjects(isolation:after:)``.
///
/// ```swift
/// let (_, report) = await liveObjects { subject.map { $0 * 2 }.sink { _ in } }
/// print(report)  // 2 of 2 objects created are still alive: Publishers.Map.Inner, SubjectConduit
/// ```
public struct LeakReport: Sendable, CustomStringConvertible {
  /// How many objects the block created that were counted.
  public let createdCount: Int
  /// The type of each object still alive, without module and generic arguments, oldest first.
  public let liveTypeNames: [String]
  /// Whether objects were counted: only in debug builds of Signals.
  public let isCounting: Bool

  /// Whether nothing counted is alive.
  public var isEmpty: Bool { liveTypeNames.isEmpty }

  /// A one-line summary.
  public var description: String {
    guard isCounting else { return "objects are counted in debug builds only" }
    if liveTypeNames.isEmpty { return "all \(createdCount) objects created were freed" }
    return "\(liveTypeNames.count) of \(createdCount) objects created are still alive: "
      + liveTypeNames.joined(separator: ", ")
  }
}

/// Runs `body` and reports which Signals subscriptions and operator inners that it created are
/// still alive when it returns.
///
/// Objects are counted when they are created by the task running `body` or by tasks it starts
/// (and by code those run synchronously, such as a `TestScheduler`'s work advanced from the test);
/// objects created on other threads are not seen. Counting exists in debug builds only; in a
/// release build the report is empty and ``LeakReport/isCounting`` is `false`.
///
/// ```swift
/// let subject = PassthroughSubject<Int, Never>()
/// let (cancellable, report) = await liveObjects { subject.map { $0 }.sink { _ in } }
/// print(report.liveTypeNames.count)  // 2: the map's inner and the subject's conduit
/// cancellable.cancel()
/// ```
///
/// - Parameters:
///   - isolation: The actor `body` runs on; leave the default, the caller's own isolation.
///   - body: The code to watch.
/// - Returns: What `body` returned and the report.
public func liveObjects<Result>(
  isolation: isolated (any Actor)? = #isolation,
  after body: () async throws -> Result
) async rethrows -> (result: Result, report: LeakReport) {
  #if DEBUG
  let scope = LiveObjectScope()
  let result = try await LiveObjectScope.$current.withValue(scope, operation: body)
  return (result, LeakReport(createdCount: scope.createdCount, liveTypeNames: scope.liveTypeNames, isCounting: true))
  #else
  return (try await body(), LeakReport(createdCount: 0, liveTypeNames: [], isCounting: false))
  #endif
}

/// Runs `body` and records a test issue if any Signals subscription or operator inner it created
/// is still alive when it returns: the cancellables it dropped must have ended their pipelines.
///
/// ```swift
/// @Test func closingTheScreenEndsItsSubscriptions() async {
///   let store = Store()
///   await expectNoLeaks {
///     let model = SearchModel(store: store)
///     model.close()   // fails the test if close() forgets a cancellable
///   }
/// }
/// ```
///
/// The failure lists what was left, e.g. "Leak check: 1 of 3 objects created are still alive:
/// Publishers.Map.Inner". Only objects created while `body` runs are counted (see
/// ``liveObjects(isolation:after:)``); objects still held by a task that has not finished count as alive,
/// so settle or await such tasks inside `body`. In a release build nothing is checked.
///
/// - Parameters:
///   - isolation: The actor `body` runs on; leave the default, the caller's own isolation.
///   - sourceLocation: Where the failure is reported.
///   - body: The code to check.
/// - Returns: What `body` returns.
@discardableResult
public func expectNoLeaks<Result>(
  isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async throws -> Result
) async rethrows -> Result {
  let (result, report) = try await liveObjects(after: body)
  if !report.isEmpty {
    Issue.record("Leak check: \(report)", sourceLocation: sourceLocation)
  }
  return result
}
