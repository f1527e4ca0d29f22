// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct MarbleDiagramTests {
  typealias Event = MarbleDiagram.Event

  @Test func eachCharacterIsOneTickAndAGroupIsOne() {
    let diagram: MarbleDiagram = "-a-(bc)--|"
    #expect(
      diagram.events == [
        Event(tick: 1, kind: .value("a")), Event(tick: 3, kind: .value("b")), Event(tick: 3, kind: .value("c")),
        Event(tick: 6, kind: .finished),
      ])
  }

  @Test func spacesAreIgnoredAndTrailingDashesAreNotSignificant() {
    #expect(MarbleDiagram("- a - b ---") == MarbleDiagram("-a-b"))
    #expect(MarbleDiagram("--#").events == [Event(tick: 2, kind: .failure)])
  }

  @Test(arguments: ["-a-b|", "(ab)-c", "--(a|)", "#", "", "-a'-(b'c)|'"])
  func renderingGivesBackTheDiagram(_ text: String) {
    #expect(MarbleDiagram(text).description == text)
  }

  @Test func aDifferenceShowsBothDiagramsAlignedWithACaret() {
    let recorded: MarbleDiagram = "-a-b-|"
    #expect(
      recorded.difference(from: "-a--b|") == """
        expected: -a--b|
        recorded: -a-b-|
                     ^ first difference at tick 3
        """)
    #expect(recorded.difference(from: "-a-b-|") == nil)
  }

  @Test func aMissingEventIsADifferenceAtItsTick() {
    let recorded: MarbleDiagram = "-a"
    #expect(
      recorded.difference(from: "-a--|") == """
        expected: -a--|
        recorded: -a
                      ^ first difference at tick 4
        """)
  }

  @Test func aPublisherSendsTheDiagramOnTheScheduler() {
    let scheduler = DispatchQueue.test
    let input = scheduler.publisher(marbles: "-a-(bc)#", tick: .seconds(1))
    let output = scheduler.record(input, tick: .seconds(1))
    scheduler.run()
    #expect(output.diagram == "-a-(bc)#")
  }

  @Test func aDebouncedTimelineRecordsAsTheDocumentationSays() {
    let scheduler = DispatchQueue.test
    let input = scheduler.publisher(marbles: "-a-b--c|", tick: .seconds(1))
    let output = scheduler.record(input.debounce(for: .seconds(2), scheduler: scheduler), tick: .seconds(1))
    scheduler.run()
    #expect(output.diagram == "-----b-|")
  }

  @Test func valuesAndFailureCanBeMapped() {
    let scheduler = DispatchQueue.test
    let input = scheduler.publisher(
      marbles: "1-2#", values: { Int(String($0))! * 10 }, failure: TestError(id: 1), tick: .milliseconds(10))
    let recorder = TestSubscriber<Int, TestError>()
    input.subscribe(recorder)
    scheduler.run()
    #expect(recorder.events == [.subscription, .value(10), .value(20), .completion(.failure(TestError(id: 1)))])
  }

  @Test func recordingMarksAnEventBetweenTicksOnTheEarlierTick() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<String, Never>()
    let output = scheduler.record(subject.delay(for: .milliseconds(1500), scheduler: scheduler), tick: .seconds(1))
    subject.send("x")
    scheduler.run()
    #expect(output.diagram == "-x'")
    #expect(output.diagram != "-x")
    #expect(output.diagram.description == "-x'")
  }

  @Test func aWrongMarbleRecordsAnIssueWithBothDiagrams() {
    let scheduler = DispatchQueue.test
    let output = scheduler.record(scheduler.publisher(marbles: "-a-b-|", tick: .seconds(1)), tick: .seconds(1))
    scheduler.run()
    withKnownIssue {
      expectMarbles(output, "-a--b|")
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        Marble diagrams differ:
        expected: -a--b|
        recorded: -a-b-|
                     ^ first difference at tick 3
        """
      ]
    }
  }
}
