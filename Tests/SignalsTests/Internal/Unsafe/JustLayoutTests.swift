// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
import Testing

@testable import SignalsCombine

/// `JustLayout`: which publisher types hold only their value, and reading it back.
struct JustLayoutTests {
  struct Failed: Error {}
  final class Box {
    let id: Int
    init(id: Int) { self.id = id }
  }

  @Test func acceptsJustAndJustWithARaisedFailureTypeOnly() {
    #expect(JustLayout.holdsOnlyItsValue(Just<Int>.self))
    #expect(JustLayout.holdsOnlyItsValue(Publishers.SetFailureType<Just<String>, Failed>.self))
    #expect(!JustLayout.holdsOnlyItsValue(Empty<Int, Never>.self))
    #expect(!JustLayout.holdsOnlyItsValue(Publishers.Sequence<[Int], Never>.self))
    #expect(!JustLayout.holdsOnlyItsValue(Optional<Int>.Publisher.self))
    // What `Just.setFailureType(to:)` returns: a `Result` publisher, laid out differently.
    #expect(!JustLayout.holdsOnlyItsValue(Result<Int, Failed>.Publisher.self))
  }

  @Test func readsTheValueOfEachAcceptedShape() {
    #expect(JustLayout.value(of: Just(42)) == 42)
    #expect(JustLayout.value(of: Just("a longer string than fits inline")) == "a longer string than fits inline")
    let raised = Publishers.SetFailureType<Just<[Int]>, Failed>(upstream: Just([1, 2, 3]))
    #expect(JustLayout.value(of: raised) == [1, 2, 3])
  }

  @Test func readingAReferenceKeepsItsOwnershipRight() {
    weak var released: Box?
    do {
      let box = Box(id: 7)
      released = box
      let just = Just(box)
      let read = JustLayout.value(of: just)
      #expect(read === box)
      #expect(read.id == 7)
    }
    #expect(released == nil)
  }
}
#endif
