// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsTesting
import Testing

struct Merge5Tests {
  private typealias J = Just<Int>

  @Test func merge5To8KeepTheContract() {
    let e = Empty<Int, TestError>()
    checkOperatorContract { Publishers.Merge5($0, e, e, e, e) }
    checkOperatorContract { Publishers.Merge6(e, e, e, e, e, $0) }
    checkOperatorContract { Publishers.Merge7(e, e, $0, e, e, e, e) }
    checkOperatorContract { Publishers.Merge8(e, e, e, e, e, e, e, $0) }
  }

  @Test func merge5To8CarryEveryValueOfEveryUpstream() {
    let recorders = (0..<4).map { _ in TestSubscriber<Int, Never>() }
    Publishers.Merge5(J(1), J(2), J(3), J(4), J(5)).subscribe(recorders[0])
    Publishers.Merge6(J(1), J(2), J(3), J(4), J(5), J(6)).subscribe(recorders[1])
    Publishers.Merge7(J(1), J(2), J(3), J(4), J(5), J(6), J(7)).subscribe(recorders[2])
    Publishers.Merge8(J(1), J(2), J(3), J(4), J(5), J(6), J(7), J(8)).subscribe(recorders[3])
    for (offset, recorder) in recorders.enumerated() {
      #expect(recorder.values == Array(1...(5 + offset)))
      #expect(recorder.completion == .finished)
    }
  }

  @Test func chainingMergesGrowsOneMergeType() {
    let two = Publishers.Merge(J(1), J(2))
    let three: Publishers.Merge3<J, J, J> = two.merge(with: J(3))
    let four: Publishers.Merge4<J, J, J, J> = three.merge(with: J(4))
    let five: Publishers.Merge5<J, J, J, J, J> = four.merge(with: J(5))
    let six: Publishers.Merge6<J, J, J, J, J, J> = five.merge(with: J(6))
    let seven: Publishers.Merge7<J, J, J, J, J, J, J> = six.merge(with: J(7))
    let eight: Publishers.Merge8<J, J, J, J, J, J, J, J> = seven.merge(with: J(8))
    let eightAtOnce: Publishers.Merge8<J, J, J, J, J, J, J, J> = two.merge(with: J(3), J(4), J(5), J(6), J(7), J(8))
    let fromFive: Publishers.Merge8<J, J, J, J, J, J, J, J> = five.merge(with: J(6), J(7), J(8))
    #expect(eight == eightAtOnce)
    #expect(eight == fromFive)
    let recorder = TestSubscriber<Int, Never>()
    eight.subscribe(recorder)
    #expect(recorder.values == Array(1...8))
  }
}
