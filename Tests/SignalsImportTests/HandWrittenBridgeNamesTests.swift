// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

// The helpers apps write by hand to bridge tasks and subscriptions, declared as apps declare them,
// beside `import Signals` alone. If `import Signals` declared `Task.store(in:)` or
// `AnyCancellable(task)` too, the calls below would stop compiling with "ambiguous use of": Signals
// keeps them in `SignalsExt`, which an app opts into.

import Signals
import Testing

extension Task {
  /// The hand-written helper: keeps the task with the subscriptions.
  func store(in set: inout Set<AnyCancellable>) {
    set.insert(AnyCancellable(self))
  }
}

extension AnyCancellable {
  /// The hand-written helper: a cancellable that cancels a task.
  convenience init<Success, Failure>(_ task: Task<Success, Failure>) {
    self.init { task.cancel() }
  }
}

struct HandWrittenBridgeNamesTests {
  @Test func anAppsOwnTaskStoreResolvesToItsOwnDeclaration() async {
    var cancellables = Set<AnyCancellable>()
    let task = Task<Bool, Never> {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        continuation.resume()
      }
      return true
    }
    task.store(in: &cancellables)
    #expect(cancellables.count == 1)
    #expect(await task.value)
  }
}
