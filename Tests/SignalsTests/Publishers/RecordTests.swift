// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

private struct CodableError: Error, Codable, Equatable {
  var reason: String
}

struct RecordTests {
  @Test func replaysTheRecordingToEachSubscriber() {
    let record = Record<Int, Never> { recording in
      recording.receive(1)
      recording.receive(2)
      recording.receive(completion: .finished)
    }
    for _ in 0..<2 {
      let recorder = TestSubscriber<Int, Never>()
      record.subscribe(recorder)
      #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    }
  }

  @Test func honoursDemandAndFailsRightAfterTheLastValue() {
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(1))
    Record(output: [1, 2], completion: .failure(TestError(id: 5))).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1)])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.failure(TestError(id: 5)))])
  }

  @Test func emptyRecordingCompletesWithoutDemand() {
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .none)
    Record<Int, TestError>(output: [], completion: .failure(TestError())).subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.failure(TestError()))])
  }

  @Test func recordingWithoutCompletionReplaysFinished() {
    let record = Record<String, Never> { $0.receive("a") }
    #expect(record.recording.output == ["a"])
    #expect(record.recording.completion == .finished)
  }

  @Test func cancelStopsTheReplay() {
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(1))
    Record(recording: .init(output: [1, 2, 3])).subscribe(recorder)
    recorder.cancel()
    recorder.request(.unlimited)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func requestFromInsideReceiveDoesNotRecurse() {
    let holder = LockedState<TestSubscriber<Int, Never>?>.make(nil)
    let depth = LockedState.make((current: 0, deepest: 0))
    let recorder = TestSubscriber<Int, Never>(initialDemand: .max(1)) { _ in
      depth.withLock {
        $0.current += 1
        $0.deepest = max($0.deepest, $0.current)
      }
      holder.withLock { $0 }?.request(.max(1))
      depth.withLock { $0.current -= 1 }
    }
    holder.withLock { $0 = recorder }
    Record<Int, Never>(output: Array(1...50), completion: .finished).subscribe(recorder)
    #expect(recorder.values == Array(1...50))
    #expect(recorder.completion == .finished)
    #expect(depth.withLock { $0.deepest } == 1)
    holder.withLock { $0 = nil }
  }

  @Test func roundTripsThroughCodable() throws {
    let record = Record<Int, CodableError>(output: [3, 4], completion: .failure(CodableError(reason: "gone")))
    let data = try JSONEncoder().encode(record)
    let decoded = try JSONDecoder().decode(Record<Int, CodableError>.self, from: data)
    #expect(decoded.recording.output == [3, 4])
    #expect(decoded.recording.completion == .failure(CodableError(reason: "gone")))
    let recorder = TestSubscriber<Int, CodableError>()
    decoded.subscribe(recorder)
    let failure = CodableError(reason: "gone")
    #expect(recorder.events == [.subscription, .value(3), .value(4), .completion(.failure(failure))])
  }

  @Test func encodeIntoWritesWhatEncodeToWrites() throws {
    let recording = Record<Int, CodableError>.Recording(output: [1, 2], completion: .finished)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let viaTo = try encoder.encode(recording)
    let viaInto = try encoder.encode(EncodedInto(recording: recording))
    #expect(viaInto == viaTo)
  }

  @Test func describesTheRecordedValuesWhileLiveAndCancelledEventsOnceEnded() throws {
    let recorder = TestSubscriber<Int, CodableError>(initialDemand: .max(1))
    Record<Int, CodableError>(output: [1, 2], completion: .finished).subscribe(recorder)
    let subscription = try #require(recorder.subscription)
    #expect(String(describing: subscription) == "[1, 2]")
    let labels = Mirror(reflecting: subscription).children.map(\.label)
    #expect(labels == ["sequence", "completion"])
    recorder.cancel()
    #expect(String(describing: subscription) == "Cancelled Events")
  }
}

/// Encodes a recording through `encode(into:)`.
private struct EncodedInto: Encodable {
  let recording: Record<Int, CodableError>.Recording

  func encode(to encoder: any Encoder) throws {
    try recording.encode(into: encoder)
  }
}
