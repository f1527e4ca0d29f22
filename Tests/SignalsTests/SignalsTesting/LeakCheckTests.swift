// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsTesting
import Testing

struct LeakCheckTests {
  @Test(timeLimit(minutes: 1)) func aCancelledPipelineLeavesNothingAlive() async {
    let subject = PassthroughSubject<Int, Never>()
    let (_, report) = await liveObjects {
      let cancellable = subject.map { $0 * 2 }.filter { $0 > 0 }.sink { _ in }
      subject.send(1)
      cancellable.cancel()
    }
    #expect(report.isEmpty)
    #if DEBUG
    #expect(report.createdCount >= 1)
    #endif
  }

  @Test(timeLimit(minutes: 1)) func aKeptSubscriptionIsReportedByType() async throws {
    let subject = PassthroughSubject<Int, Never>()
    let (cancellable, report) = await liveObjects {
      subject.tryScan(0) { $0 + $1 }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
    }
    #if DEBUG
    #expect(report.liveTypeNames == ["TryScanInner", "SubscriberConduit"])
    #expect(report.description == "2 of 2 objects created are still alive: TryScanInner, SubscriberConduit")
    #else
    #expect(!report.isCounting)
    #endif
    cancellable.cancel()
  }

  @Test(timeLimit(minutes: 1)) func expectNoLeaksPassesWhenThePipelineEnds() async {
    let values = await expectNoLeaks {
      var values: [Int] = []
      _ = [1, 2, 3].publisher.map { $0 + 1 }.sink { values.append($0) }
      return values
    }
    #expect(values == [2, 3, 4])
  }

  #if DEBUG
  @Test(timeLimit(minutes: 1)) func expectNoLeaksFailsWithWhatIsStillAlive() async {
    let subject = PassthroughSubject<Int, Never>()
    var kept: AnyCancellable?
    await withKnownIssue {
      await expectNoLeaks {
        kept = subject.sink { _ in }
      }
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["Leak check: 1 of 1 objects created are still alive: SinkConduit"]
    }
    kept?.cancel()
  }
  #endif
}
