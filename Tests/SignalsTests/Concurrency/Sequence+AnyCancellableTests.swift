// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import Testing

struct SequenceAnyCancellableTests {
  @Test func cancelCancelsEveryElement() {
    let cancelled = Recorder<Int>()
    let tokens = [AnyCancellable { cancelled.append(1) }, AnyCancellable { cancelled.append(2) }]
    tokens.cancel()
    #expect(cancelled.elements == [1, 2])
  }

  @Test func storeInSetKeepsEveryElement() {
    var set = Set<AnyCancellable>()
    let tokens = [AnyCancellable {}, AnyCancellable {}]
    tokens.store(in: &set)
    #expect(set == Set(tokens))
  }

  @Test func storeInCollectionAppendsEveryElement() {
    var array = [AnyCancellable {}]
    let tokens = [AnyCancellable {}, AnyCancellable {}]
    tokens.store(in: &array)
    #expect(array.count == 3)
    #expect(Array(array.dropFirst()) == tokens)
  }
}
