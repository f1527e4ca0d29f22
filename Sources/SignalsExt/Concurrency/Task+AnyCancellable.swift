// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals

extension AnyCancellable {
  /// Creates a cancellable that cancels `task` when cancelled or deinitialized.
  ///
  /// Keeps a task with the subscriptions it belongs to: releasing the set (for example when its
  /// owner goes away) cancels the task too, as it cancels the subscriptions.
  ///
  /// ```swift
  /// let task = Task {
  ///   try? await Task.sleep(nanoseconds: 1_000_000_000)
  ///   print("cancelled:", Task.isCancelled)
  /// }
  /// var cancellables = Set<AnyCancellable>()
  /// AnyCancellable(task).store(in: &cancellables)
  /// cancellables.removeAll()
  /// // Prints: cancelled: true
  /// ```
  ///
  /// - Parameter task: The task to cancel.
  public convenience init<Success, Failure>(_ task: Task<Success, Failure>) {
    self.init { task.cancel() }
  }
}

extension Task {
  /// Stores this task, as an `AnyCancellable`, in `set`: removing it from the set, or releasing
  /// the set, cancels the task.
  ///
  /// ```swift
  /// var cancellables = Set<AnyCancellable>()
  /// Task { await refresh() }.store(in: &cancellables)
  /// cancellables.removeAll()  // cancels the refresh
  /// ```
  ///
  /// - Parameter set: The set that keeps the task's cancellable.
  public func store(in set: inout Set<AnyCancellable>) {
    set.insert(AnyCancellable(self))
  }

  /// Appends this task, as an `AnyCancellable`, to `collection`: removing it, or releasing the
  /// collection, cancels the task.
  ///
  /// ```swift
  /// var tokens: [AnyCancellable] = []
  /// Task { await refresh() }.store(in: &tokens)
  /// print(tokens.count)
  /// // Prints: 1
  /// ```
  ///
  /// - Parameter collection: Where to append the task's cancellable.
  public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
    collection.append(AnyCancellable(self))
  }
}
