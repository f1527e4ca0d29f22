// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

/// A text stream that keeps every line written to it.
private final class LineRecorder: TextOutputStream, @unchecked Sendable {
  // Safety: all mutable state is in `state`, a `LockedState`.
  private let state = LockedState<String>.make("")

  func write(_ string: String) {
    state.withLock { $0 += string }
  }

  var lines: [String] {
    state.withLock { $0 }.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }
}

struct PrintTests {
  @Test func printKeepsTheContract() {
    let stream = LineRecorder()
    checkOperatorContract(skipping: .passThrough) { $0.print(to: stream) }
  }

  @Test func printWritesCombinesLinesWithThePrefix() {
    let stream = LineRecorder()
    let upstream = TestPublisher<Int, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(2), demandPerValue: .max(1))
    upstream.print("tag", to: stream).subscribe(recorder)
    upstream.send(1)
    recorder.request(.unlimited)
    upstream.send(completion: .failure(TestError(id: 3)))
    #expect(
      stream.lines == [
        "tag: receive subscription: (\(upstream.subscription))",
        "tag: request max: (2)",
        "tag: receive value: (1)",
        "tag: request max: (1) (synchronous)",
        "tag: request unlimited",
        "tag: receive error: (TestError(id: 3))",
      ])
    #expect(recorder.events == [.subscription, .value(1), .completion(.failure(TestError(id: 3)))])
    #expect(upstream.subscription.events == [.requested(.max(2)), .requested(.unlimited)])
  }

  @Test func printWithoutPrefixLogsCancelAndSkipsNoneDemand() {
    let stream = LineRecorder()
    let subject = PassthroughSubject<String, Never>()
    let recorder = TestSubscriber<String, Never>()
    subject.print(to: stream).subscribe(recorder)
    subject.send("a")
    recorder.cancel()
    let lines = stream.lines
    #expect(lines.count == 4)
    #expect(lines.first?.hasPrefix("receive subscription: (") == true)
    #expect(Array(lines.dropFirst()) == ["request unlimited", "receive value: (a)", "receive cancel"])
  }

  @Test func printLogsFinished() {
    let stream = LineRecorder()
    let recorder = TestSubscriber<Int, Never>()
    Empty<Int, Never>().print("e", to: stream).subscribe(recorder)
    #expect(stream.lines.last == "e: receive finished")
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  // MARK: Combine's behaviour

  @Test func printLogsAndForwardsAValueBeforeTheSubscription() {
    let stream = LineRecorder()
    let upstream = TestPublisher<Int, TestError>(subscribesImmediately: false)
    let recorder = TestSubscriber<Int, TestError>()
    upstream.print("p", to: stream).subscribe(recorder)
    upstream.send(1)
    #expect(recorder.values == [1])
    #expect(stream.lines == ["p: receive value: (1)"])
  }
}
