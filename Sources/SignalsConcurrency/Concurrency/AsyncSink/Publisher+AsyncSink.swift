// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

extension Publisher where Output: Sendable, Failure: Sendable {
  /// Attaches a subscriber that runs async work for each value, in order and one at a time, in one
  /// task created with `priority`, then runs `receiveCompletion`.
  ///
  /// The subscriber asks for unlimited values and buffers them while a closure awaits, so no value
  /// is lost and values are processed in the order the publisher sent them.
  ///
  /// - Cancelling the returned cancellable (or releasing it) cancels the subscription **and** the
  ///   task: inside the closure in flight `Task.isCancelled` becomes `true`, and no later value,
  ///   nor the completion, is processed.
  /// - The cancellable alone keeps everything alive; store it (for example with
  ///   ``AnyCancellable/store(in:)-(Set<AnyCancellable>)``). Its result is not discardable: a
  ///   dropped cancellable would cancel at once.
  /// - `receiveCompletion` runs after the last value has been processed.
  ///
  /// ```swift
  /// let uploads = PassthroughSubject<String, URLError>()
  /// let cancellable = uploads.asyncSink(priority: .utility) { completion in
  ///   print("done:", completion)
  /// } receiveValue: { name in
  ///   try? await Task.sleep(nanoseconds: 1_000)  // async work, one value at a time
  ///   print("uploaded", name)
  /// }
  /// uploads.send("a.jpg")
  /// uploads.send("b.jpg")
  /// uploads.send(completion: .finished)
  /// // Prints: uploaded a.jpg
  /// //         uploaded b.jpg
  /// //         done: finished
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs the closures; `nil` for the default.
  ///   - receiveCompletion: Called once, after the last value, with the completion.
  ///   - receiveValue: Called with each value, never concurrently with itself.
  /// - Returns: A cancellable that cancels the subscription and the task.
  public func asyncSink(
    priority: TaskPriority? = nil,
    @_inheritActorContext receiveCompletion:
      @escaping @Sendable @isolated(any) (Subscribers.Completion<Failure>) async -> Void,
    @_inheritActorContext receiveValue: @escaping @Sendable @isolated(any) (Output) async -> Void
  ) -> AnyCancellable {
    let sink = AsyncSinkStorage<Output, Failure>(
      priority: priority, receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    subscribe(sink)
    return AnyCancellable(sink)
  }
}

extension Publisher where Failure == Never, Output: Sendable {
  /// Attaches a subscriber that runs async work for each value, in order and one at a time, in one
  /// task created with `priority`.
  ///
  /// Only for publishers that cannot fail, like ``Publisher/sink(receiveValue:)``. Values are
  /// buffered while the closure awaits, so none is lost. Cancelling (or releasing) the returned
  /// cancellable cancels the subscription and the task: the closure in flight sees
  /// `Task.isCancelled`, and no later value is processed.
  ///
  /// ```swift
  /// let followers = CurrentValueSubject<Int, Never>(10)
  /// let cancellable = followers.asyncSink(priority: .background) { count in
  ///   await saveToDisk(count)
  ///   print("saved", count)
  /// }
  /// followers.value = 11
  /// // Prints: saved 10
  /// //         saved 11
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs the closure; `nil` for the default.
  ///   - receiveValue: Called with each value, never concurrently with itself.
  /// - Returns: A cancellable that cancels the subscription and the task.
  public func asyncSink(
    priority: TaskPriority? = nil,
    @_inheritActorContext receiveValue: @escaping @Sendable @isolated(any) (Output) async -> Void
  ) -> AnyCancellable {
    asyncSink(priority: priority, receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}
