// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
import Testing

@testable import Signals
@testable import SignalsCombine

private final class Plain {}

private final class Tracked {
  @Published var first = 0
  @Published var second = ""
}

struct ObjectWillChangeRegistryTests {
  @Test func tableKeepsOnePublisherPerLiveObject() {
    let table = ObjectWillChangeTable()
    let first = Plain()
    let second = Plain()
    #expect(table.publisher(for: first) === table.publisher(for: first))
    #expect(table.publisher(for: first) !== table.publisher(for: second))
    #expect(table.count == 2)
  }

  @Test func tableStaysProportionalToLiveObjects() {
    let table = ObjectWillChangeTable()
    let kept = (0..<10).map { _ in Plain() }
    for object in kept { _ = table.publisher(for: object) }
    for _ in 0..<1000 {
      let object = Plain()
      _ = table.publisher(for: object)
    }
    #expect(table.count < ObjectWillChangeTable.minimumSweepThreshold * 2)
    for object in kept {
      #expect(table.publisher(for: object) === table.publisher(for: object))
    }
  }

  @Test func publisherIsInstalledInEveryPublishedProperty() {
    let tracked = Tracked()
    let publisher = ObjectWillChangeRegistry.publisher(for: tracked)
    var signals = 0
    let cancellable = publisher.sink { signals += 1 }
    tracked.first = 1
    tracked.second = "two"
    #expect(signals == 2)
    #expect(ObjectWillChangeRegistry.publisher(for: tracked) === publisher)
    cancellable.cancel()
  }
}
#endif
