// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

/// How ``Publisher/asyncSink(policy:priority:receiveCompletion:receiveValue:)`` runs its async
/// closure when values arrive faster than the closure finishes.
///
/// | Policy | At most running | A value that arrives while busy | Order |
/// |---|---|---|---|
/// | ``serial`` | 1 | waits in an unbounded queue | the publisher's, one after the other |
/// | ``latest`` | 1 | cancels the work in flight, then runs once it has returned | newest wins; older waiting values are skipped |
/// | ``dropWhileBusy`` | 1 | is dropped (and counted, see ``dropWhileBusy(countingDropsIn:)``) | the publisher's, minus the drops |
/// | ``concurrent(maxTasks:)`` | `maxTasks` | waits in an unbounded queue | started in the publisher's order; may finish in any order |
///
/// Every policy: cancelling (or releasing) the cancellable cancels every task in flight, and no
/// closure starts after `cancel()` returns; `receiveCompletion` runs after the last work has ended;
/// every task runs at the priority given to `asyncSink`.
///
/// ```swift
/// let query = PassthroughSubject<String, Never>()
/// let search = query.asyncSink(policy: .latest) { text in
///   try? await Task.sleep(nanoseconds: 10_000_000)  // cancelled when a newer text arrives
///   guard !Task.isCancelled else { return }
///   print("results for", text)
/// }
/// query.send("s")
/// query.send("sw")
/// query.send("swift")
/// // Prints: results for swift
/// ```
public struct AsyncSinkPolicy: Sendable, CustomStringConvertible {
  enum Kind: Sendable {
    case serial
    case latest
    case dropWhileBusy(DropCounter?)
    case concurrent(Int)
  }

  let kind: Kind

  /// One value at a time, in order, none lost: what `asyncSink` without a policy does.
  ///
  /// ```swift
  /// let saves = PassthroughSubject<Int, Never>()
  /// let cancellable = saves.asyncSink(policy: .serial) { print("saved", $0) }
  /// saves.send(1)
  /// saves.send(2)
  /// // Prints: saved 1
  /// //         saved 2
  /// ```
  public static let serial = AsyncSinkPolicy(kind: .serial)

  /// A new value cancels the work in flight; the newest value runs as soon as that work returns.
  ///
  /// The closure never runs concurrently with itself. While cancelled work is still returning,
  /// newer values replace each other: only the newest one runs next. This is `switchToLatest`
  /// for async work, as in search-as-you-type.
  ///
  /// ```swift
  /// let query = PassthroughSubject<String, Never>()
  /// let search = query.asyncSink(policy: .latest) { text in
  ///   try? await Task.sleep(nanoseconds: 10_000_000)
  ///   if !Task.isCancelled { print("search", text) }
  /// }
  /// query.send("a")
  /// query.send("ab")
  /// // Prints: search ab
  /// ```
  public static let latest = AsyncSinkPolicy(kind: .latest)

  /// A value that arrives while the closure runs is dropped.
  ///
  /// Use ``dropWhileBusy(countingDropsIn:)`` to find out how many were dropped.
  ///
  /// ```swift
  /// let taps = PassthroughSubject<Void, Never>()
  /// let refresh = taps.asyncSink(policy: .dropWhileBusy) { _ in
  ///   await reload()  // taps during a reload are ignored
  /// }
  /// ```
  public static let dropWhileBusy = AsyncSinkPolicy(kind: .dropWhileBusy(nil))

  /// A value that arrives while the closure runs is dropped and counted in `counter`.
  ///
  /// ```swift
  /// let drops = DropCounter()
  /// let taps = PassthroughSubject<Int, Never>()
  /// let refresh = taps.asyncSink(policy: .dropWhileBusy(countingDropsIn: drops)) { _ in
  ///   await reload()
  /// }
  /// taps.send(1)  // runs
  /// taps.send(2)  // dropped while 1 runs
  /// print(drops.count)
  /// // Prints: 1
  /// ```
  ///
  /// - Parameter counter: Counts (and reports) each dropped value.
  /// - Returns: The drop-while-busy policy.
  public static func dropWhileBusy(countingDropsIn counter: DropCounter) -> AsyncSinkPolicy {
    AsyncSinkPolicy(kind: .dropWhileBusy(counter))
  }

  /// Up to `maxTasks` closures run at once; further values wait in an unbounded queue.
  ///
  /// Order guarantee: values leave the queue in the order the publisher sent them, so no value
  /// waits behind a later one; among the closures running at once, any may start or finish first.
  /// `concurrent(maxTasks: 1)` is ``serial``.
  ///
  /// ```swift
  /// let urls = PassthroughSubject<Int, Never>()
  /// let downloads = urls.asyncSink(policy: .concurrent(maxTasks: 3)) { page in
  ///   await download(page)  // at most three downloads at a time
  /// }
  /// ```
  ///
  /// - Parameter maxTasks: How many closures may run at once; at least 1.
  /// - Returns: The bounded-concurrency policy.
  public static func concurrent(maxTasks: Int) -> AsyncSinkPolicy {
    precondition(maxTasks >= 1, "concurrent(maxTasks:) needs at least one task, got \(maxTasks)")
    return maxTasks == 1 ? .serial : AsyncSinkPolicy(kind: .concurrent(maxTasks))
  }

  /// The policy as written in code, for logs: `"latest"`, `"concurrent(maxTasks: 3)"`.
  ///
  /// ```swift
  /// print(AsyncSinkPolicy.concurrent(maxTasks: 3))
  /// // Prints: concurrent(maxTasks: 3)
  /// ```
  public var description: String {
    switch kind {
    case .serial: "serial"
    case .latest: "latest"
    case .dropWhileBusy: "dropWhileBusy"
    case .concurrent(let maxTasks): "concurrent(maxTasks: \(maxTasks))"
    }
  }
}
