// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct MapKeyPathTests {
  private struct Point: Equatable {
    var x: Int
    var y: Int
    var z: Int
  }

  @Test func mapKeyPathKeepsTheContract() {
    checkOperatorContract(skipping: .passThrough) { $0.map(\.bitWidth) }
  }

  @Test func mapKeyPath2KeepsTheContract() {
    checkOperatorContract(skipping: .passThrough) { $0.map(\.bitWidth, \.description).map { $0.1 } }
  }

  @Test func mapKeyPath3KeepsTheContract() {
    checkOperatorContract(skipping: .passThrough) { $0.map(\.bitWidth, \.description, \.words.count).map { $0.2 } }
  }

  @Test func mapReadsOneTwoOrThreeProperties() {
    let points = [Point(x: 1, y: 2, z: 3), Point(x: 4, y: 5, z: 6)].publisher
    let one: Publishers.MapKeyPath<Publishers.Sequence<[Point], Never>, Int> = points.map(\.x)
    let two: Publishers.MapKeyPath2<Publishers.Sequence<[Point], Never>, Int, Int> = points.map(\.x, \.y)
    let three: Publishers.MapKeyPath3<Publishers.Sequence<[Point], Never>, Int, Int, Int> = points.map(\.x, \.y, \.z)
    let first = TestSubscriber<Int, Never>()
    one.subscribe(first)
    #expect(first.values == [1, 4])
    let pairs = TestSubscriber<(Int, Int), Never>()
    two.subscribe(pairs)
    #expect(pairs.values.map { [$0.0, $0.1] } == [[1, 2], [4, 5]])
    let triples = TestSubscriber<(Int, Int, Int), Never>()
    three.subscribe(triples)
    #expect(triples.values.map { [$0.0, $0.1, $0.2] } == [[1, 2, 3], [4, 5, 6]])
    #expect(triples.completion == .finished)
  }

  @Test func demandAndFailurePassThrough() {
    let upstream = TestPublisher<Point, TestError>()
    let recorder = TestSubscriber<Int, TestError>(initialDemand: .max(2), demandPerValue: .max(1))
    upstream.map(\.y).subscribe(recorder)
    #expect(upstream.subscription.events == [.requested(.max(2))])
    #expect(upstream.send(Point(x: 0, y: 7, z: 0)) == .max(1))
    upstream.send(completion: .failure(TestError(id: 1)))
    #expect(recorder.events == [.subscription, .value(7), .completion(.failure(TestError(id: 1)))])
  }

  // MARK: Combine's pass-through

  @Test func mapKeyPathHandsItsSubscriberTheUpstreamsOwnSubscription() {
    expectUpstreamSubscriptionPassedThrough { $0.map(\.bitWidth) }
  }
}
