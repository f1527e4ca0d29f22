// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport
import Testing

struct ValueQueueTests {
  @Test func popsInTheOrderValuesWereAppended() {
    var queue = ValueQueue<Int>()
    for value in 0..<200 { queue.append(value) }
    var popped: [Int] = []
    while let value = queue.popFirst() { popped.append(value) }
    #expect(popped == Array(0..<200))
    #expect(queue.isEmpty)
    queue.append(7)
    #expect(queue.elements == [7])
  }

  @Test func keepsOrderAcrossInterleavedAppendsAndPops() {
    var queue = ValueQueue<Int>()
    var expected: [Int] = []
    var next = 0
    for round in 0..<500 {
      for _ in 0..<(round % 3 + 1) {
        queue.append(next)
        expected.append(next)
        next += 1
      }
      if round % 2 == 0, let value = queue.popFirst() {
        #expect(value == expected.removeFirst())
      }
      #expect(queue.count == expected.count)
    }
    #expect(queue.elements == expected)
  }

  @Test func removeAllHandsBackEveryWaitingValue() {
    var queue = ValueQueue([1, 2, 3])
    _ = queue.popFirst()
    let taken = queue.removeAll()
    #expect(taken.compactMap { $0 } == [2, 3])
    #expect(queue.isEmpty)
    #expect(queue.popFirst() == nil)
  }

  @Test func poppingMovesTheValueOut() {
    final class Token {}
    weak var weakToken: Token?
    var queue = ValueQueue<Token>()
    do {
      let token = Token()
      weakToken = token
      queue.append(token)
      queue.append(Token())
      _ = queue.popFirst()
    }
    #expect(weakToken == nil, "the queue keeps no reference to a popped value")
  }
}
