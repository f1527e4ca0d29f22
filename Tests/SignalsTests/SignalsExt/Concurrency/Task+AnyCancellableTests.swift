// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsExt
import Testing

struct TaskAnyCancellableTests {
  /// A task that waits until cancelled, then returns `Task.isCancelled`.
  private func waitingTask(started: Checkpoint) -> Task<Bool, Never> {
    Task {
      let gate = Checkpoint()
      await withTaskCancellationHandler {
        started.signal()
        await gate.wait(for: 1)
      } onCancel: {
        gate.signal()
      }
      return Task.isCancelled
    }
  }

  @Test(timeLimit(minutes: 1))
  func cancellingTheCancellableCancelsTheTask() async {
    let started = Checkpoint()
    let task = waitingTask(started: started)
    let cancellable = AnyCancellable(task)
    await started.wait(for: 1)
    cancellable.cancel()
    #expect(await task.value)
  }

  @Test(timeLimit(minutes: 1))
  func releasingTheSetCancelsAStoredTask() async {
    let started = Checkpoint()
    let task = waitingTask(started: started)
    var cancellables = Set<AnyCancellable>()
    task.store(in: &cancellables)
    #expect(cancellables.count == 1)
    await started.wait(for: 1)
    cancellables.removeAll()
    #expect(await task.value)
  }

  @Test(timeLimit(minutes: 1))
  func aTaskStoredInAnArrayIsCancelledWithTheSubscriptions() async {
    let started = Checkpoint()
    let task = waitingTask(started: started)
    let subject = PassthroughSubject<Int, Never>()
    let received = Recorder<Int>()
    var tokens: [AnyCancellable] = []
    subject.sink { received.append($0) }.store(in: &tokens)
    task.store(in: &tokens)
    await started.wait(for: 1)
    tokens.cancel()
    subject.send(1)
    #expect(await task.value)
    #expect(received.elements.isEmpty)
  }
}
