// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

extension Publisher where Output: Sendable, Failure: Sendable {
  /// Attaches a subscriber that runs async work for each value as `policy` says: one at a time,
  /// only the latest, dropping while busy, or up to N at once.
  ///
  /// The subscriber asks for unlimited values. See ``AsyncSinkPolicy`` for what each policy runs,
  /// drops and in which order.
  ///
  /// - Cancelling the returned cancellable (or releasing it) cancels the subscription **and**
  ///   every task in flight: inside each closure in flight `Task.isCancelled` becomes `true`, and
  ///   no closure (value or completion) starts afterwards.
  /// - `receiveCompletion` runs once the last work has ended (values still waiting run first).
  /// - Every task runs at `priority`.
  ///
  /// ```swift
  /// let pages = PassthroughSubject<Int, URLError>()
  /// let cancellable = pages.asyncSink(policy: .concurrent(maxTasks: 2)) { completion in
  ///   print("done:", completion)
  /// } receiveValue: { page in
  ///   await download(page)  // pages 1 and 2 at once, then 3
  /// }
  /// pages.send(1)
  /// pages.send(2)
  /// pages.send(3)
  /// pages.send(completion: .finished)
  /// // Prints: done: finished   (after the three downloads)
  /// ```
  ///
  /// - Parameters:
  ///   - policy: How values that arrive while work runs are handled.
  ///   - priority: The priority of every task; `nil` for the default.
  ///   - receiveCompletion: Called once, after the last work has ended.
  ///   - receiveValue: Called with each value the policy runs.
  /// - Returns: A cancellable that cancels the subscription and every task in flight.
  public func asyncSink(
    policy: AsyncSinkPolicy,
    priority: TaskPriority? = nil,
    @_inheritActorContext receiveCompletion:
      @escaping @Sendable @isolated(any) (Subscribers.Completion<Failure>) async -> Void,
    @_inheritActorContext receiveValue: @escaping @Sendable @isolated(any) (Output) async -> Void
  ) -> AnyCancellable {
    let slots: SlotScheduler
    var drops: DropCounter?
    switch policy.kind {
    case .serial:
      return asyncSink(priority: priority, receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    case .latest:
      slots = TaskSlots(maxTasks: 1, whenBusy: .replace)
    case .dropWhileBusy(let counter):
      slots = TaskSlots(maxTasks: 1, whenBusy: .drop)
      drops = counter
    case .concurrent(let maxTasks):
      slots = TaskSlots(maxTasks: maxTasks, whenBusy: .wait)
    }
    let sink = AsyncSinkPolicyStorage<Output, Failure>(
      slots: slots, drops: drops, priority: priority, receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    subscribe(sink)
    return AnyCancellable(sink)
  }
}

extension Publisher where Failure == Never, Output: Sendable {
  /// Attaches a subscriber that runs async work for each value as `policy` says.
  ///
  /// Only for publishers that cannot fail. See ``AsyncSinkPolicy`` for the policies, and
  /// ``Publisher/asyncSink(policy:priority:receiveCompletion:receiveValue:)`` for cancellation.
  ///
  /// ```swift
  /// let query = CurrentValueSubject<String, Never>("")
  /// let search = query.asyncSink(policy: .latest) { text in
  ///   let results = await index.search(text)  // cancelled by the next keystroke
  ///   guard !Task.isCancelled else { return }
  ///   print(text, "->", results)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - policy: How values that arrive while work runs are handled.
  ///   - priority: The priority of every task; `nil` for the default.
  ///   - receiveValue: Called with each value the policy runs.
  /// - Returns: A cancellable that cancels the subscription and every task in flight.
  public func asyncSink(
    policy: AsyncSinkPolicy,
    priority: TaskPriority? = nil,
    @_inheritActorContext receiveValue: @escaping @Sendable @isolated(any) (Output) async -> Void
  ) -> AnyCancellable {
    asyncSink(policy: policy, priority: priority, receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}
