// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsExt
import Testing

struct EventTests {
  @Test func eventDescriptionsAndAccessors() {
    let value = Event<Int, TestError>.value(3)
    let failure = Event<Int, TestError>.failure(TestError(id: 1))
    #expect("\(value)" == "value(3)")
    #expect("\(Event<Int, TestError>.finished)" == "finished")
    #expect(value.value == 3 && value.failure == nil)
    #expect(failure.failure == TestError(id: 1) && failure.value == nil)
    #expect(value.event == value)
  }
}
