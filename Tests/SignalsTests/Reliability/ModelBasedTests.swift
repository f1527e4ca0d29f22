// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

/// Random pipelines, random demand schedules and random cancellation points, each run checked
/// against a small reference model of the subscriber contract. A failure prints its seed; set
/// `SIGNALS_SEED` to that number to replay just that case. The 500 cases of a normal run come from
/// a fixed base seed, so CI is deterministic; set `SIGNALS_MODEL_BASE_SEED` to explore others.
struct ModelBasedTests {
  /// A small, fast, seedable generator (SplitMix64), so a seed names one case on every platform.
  struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// One operator of a random pipeline, with its meaning in the model.
  enum Stage: CustomStringConvertible {
    case add(Int)
    case multiply(Int)
    case keepMultiples(of: Int)
    case dropMultiples(of: Int)
    case runningSum
    case failOn(Int)

    static func random(using generator: inout SeededGenerator) -> Stage {
      switch Int.random(in: 0..<6, using: &generator) {
      case 0: .add(Int.random(in: -3...3, using: &generator))
      case 1: .multiply(Int.random(in: 1...3, using: &generator))
      case 2: .keepMultiples(of: Int.random(in: 2...3, using: &generator))
      case 3: .dropMultiples(of: Int.random(in: 2...4, using: &generator))
      case 4: .runningSum
      default: .failOn(Int.random(in: 0...40, using: &generator))
      }
    }

    var description: String {
      switch self {
      case .add(let k): "map { $0 + \(k) }"
      case .multiply(let k): "map { $0 * \(k) }"
      case .keepMultiples(let k): "filter { $0 % \(k) == 0 }"
      case .dropMultiples(let k): "compactMap { $0 % \(k) == 0 ? nil : $0 }"
      case .runningSum: "scan(0, +)"
      case .failOn(let k): "tryMap { throws on \(k) }"
      }
    }

    /// The stage in Signals.
    func apply(to upstream: AnyPublisher<Int, TestError>) -> AnyPublisher<Int, TestError> {
      switch self {
      case .add(let k): upstream.map { $0 + k }.eraseToAnyPublisher()
      case .multiply(let k): upstream.map { $0 * k }.eraseToAnyPublisher()
      case .keepMultiples(let k): upstream.filter { $0 % k == 0 }.eraseToAnyPublisher()
      case .dropMultiples(let k): upstream.compactMap { $0 % k == 0 ? nil : $0 }.eraseToAnyPublisher()
      case .runningSum: upstream.scan(0, +).eraseToAnyPublisher()
      case .failOn(let k):
        upstream.tryMap { value in
          if value == k { throw TestError(id: k) }
          return value
        }
        .mapError { $0 as? TestError ?? TestError(id: -1) }
        .eraseToAnyPublisher()
      }
    }
  }

  /// What the model says a pipeline makes of its inputs, given unlimited demand.
  struct Expected {
    var values: [Int] = []
    var completion: Subscribers.Completion<TestError> = .finished
  }

  /// The reference model: the stages applied to plain arrays.
  static func model(_ inputs: [Int], _ stages: [Stage]) -> Expected {
    var sums = [Int](repeating: 0, count: stages.count)
    var expected = Expected()
    elements: for input in inputs {
      var value = input
      for (index, stage) in stages.enumerated() {
        switch stage {
        case .add(let k): value += k
        case .multiply(let k): value *= k
        case .keepMultiples(let k): if value % k != 0 { continue elements }
        case .dropMultiples(let k): if value % k == 0 { continue elements }
        case .runningSum:
          sums[index] += value
          value = sums[index]
        case .failOn(let k):
          if value == k {
            expected.completion = .failure(TestError(id: k))
            return expected
          }
        }
      }
      expected.values.append(value)
    }
    return expected
  }

  /// One random case: the pipeline, the inputs and the subscriber's behaviour.
  struct Case: CustomStringConvertible {
    var seed: UInt64
    var inputs: [Int]
    var stages: [Stage]
    var initialDemand: Int?  // nil: unlimited
    var returnedDemand: [Int]  // returned from the n-th receive; 0 past the end
    var laterRequests: [Int]  // requested from outside, one after another, after subscribing
    var cancelAfter: Int?  // cancel from inside the receive of that many values

    init(seed: UInt64) {
      self.seed = seed
      var generator = SeededGenerator(seed: seed)
      inputs = (0..<Int.random(in: 0...30, using: &generator)).map { _ in Int.random(in: -5...20, using: &generator) }
      stages = (0..<Int.random(in: 0...4, using: &generator)).map { _ in Stage.random(using: &generator) }
      initialDemand = Bool.random(using: &generator) ? nil : Int.random(in: 0...4, using: &generator)
      returnedDemand = (0..<40).map { _ in Int.random(in: 0...2, using: &generator) }
      laterRequests = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
        Int.random(in: 1...5, using: &generator)
      }
      cancelAfter = Int.random(in: 0..<4, using: &generator) == 0 ? Int.random(in: 1...10, using: &generator) : nil
    }

    /// What the subscriber asks for more on receiving its `count`-th value.
    func demandReturned(byValue count: Int) -> Int {
      count - 1 < returnedDemand.count ? returnedDemand[count - 1] : 0
    }

    var description: String {
      "seed \(seed): \(inputs) → \(stages.map(\.description).joined(separator: " → ")); "
        + "demand \(initialDemand.map(String.init) ?? "unlimited"), returns \(returnedDemand.prefix(8))…, "
        + "later \(laterRequests), cancel after \(cancelAfter.map(String.init) ?? "never")"
    }
  }

  /// Runs `testCase` in Signals and checks the recorded history against the model.
  static func check(_ testCase: Case) {
    let expected = model(testCase.inputs, testCase.stages)
    var pipeline = Record<Int, TestError>(output: testCase.inputs, completion: .finished).eraseToAnyPublisher()
    for stage in testCase.stages { pipeline = stage.apply(to: pipeline) }

    final class Box: @unchecked Sendable {
      // Safety: the run is single-threaded; the box only lets the subscriber's closure reach it.
      var subscriber: TestSubscriber<Int, TestError>?
      var received = 0
    }
    let box = Box()
    let subscriber = TestSubscriber<Int, TestError>(
      initialDemand: testCase.initialDemand.map { .max($0) } ?? .unlimited,
      onValue: { _ in
        box.received += 1
        if box.received == testCase.cancelAfter {
          box.subscriber?.cancel()
          return
        }
        let more = testCase.demandReturned(byValue: box.received)
        if more > 0 { box.subscriber?.request(.max(more)) }
      })
    box.subscriber = subscriber
    pipeline.subscribe(subscriber)
    for request in testCase.laterRequests { subscriber.request(.max(request)) }

    // The model's count: values flow while demand granted so far exceeds what was delivered.
    var granted = testCase.initialDemand ?? Int.max
    var delivered = 0
    var cancelled = false
    func flow() {
      while !cancelled, delivered < expected.values.count, delivered < granted {
        delivered += 1
        if delivered == testCase.cancelAfter {
          cancelled = true
        } else if granted != Int.max {
          granted += testCase.demandReturned(byValue: delivered)
        }
      }
    }
    flow()
    if granted != Int.max {
      // Requests made from outside, after the synchronous run settled, let more values through.
      for request in testCase.laterRequests where !cancelled {
        granted += request
        flow()
      }
    }

    let values = subscriber.values
    #expect(values == Array(expected.values.prefix(delivered)), "values differ from the model — \(testCase)")
    let completion = subscriber.completion
    let completionCount = subscriber.events.filter { if case .completion = $0 { true } else { false } }.count
    #expect(completionCount <= 1, "more than one completion — \(testCase)")
    if case .completion = subscriber.events.last ?? .subscription {
    } else {
      #expect(completion == nil, "events after the completion — \(testCase)")
    }
    if cancelled || delivered < expected.values.count {
      #expect(completion == nil, "a completion before every value was delivered, or after cancel — \(testCase)")
    } else if granted > delivered {
      // Every value delivered and demand left over: the upstream was drained, so the end came.
      #expect(completion == expected.completion, "missing or wrong completion — \(testCase)")
    } else if let completion {
      // Demand exactly used up: the end may or may not have been reached; if it came, it is right.
      #expect(completion == expected.completion, "wrong completion — \(testCase)")
    }
  }

  @Test func randomPipelinesKeepTheContractOfTheModel() {
    if let replay = ProcessInfo.processInfo.environment["SIGNALS_SEED"].flatMap(UInt64.init) {
      Self.check(Case(seed: replay))
      return
    }
    let base = ProcessInfo.processInfo.environment["SIGNALS_MODEL_BASE_SEED"].flatMap(UInt64.init) ?? 2026
    var seeds = SeededGenerator(seed: base)
    for _ in 0..<500 { Self.check(Case(seed: seeds.next())) }
  }

  @Test(arguments: [0, 1, 2, 3, 42, 0xDEAD_BEEF] as [UInt64])
  func fixedSeedsKeepTheContractOfTheModel(seed: UInt64) {
    Self.check(Case(seed: seed))
  }
}
