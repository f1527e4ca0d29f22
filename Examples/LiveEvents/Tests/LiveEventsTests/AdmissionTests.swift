// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
import LiveEventsClient
import LiveEventsServer
import NIOCore
import Testing

struct AdmissionTests {
  let event = EventInput(topic: "t", producer: "p", sequence: 1, data: "")

  func heard(_ origin: String, _ sequence: UInt64) -> Envelope {
    Envelope(heard: Envelope(origin: origin, originSequence: sequence, event: event).json)!
  }

  @Test func localEventsAreNumberedFromOneWithoutGaps() {
    var admission = Admission(instance: "a")
    let numbers = (1...3).map { admission.admit(Envelope(origin: "a", originSequence: $0, event: event))?.number }
    #expect(numbers == [1, 2, 3])
  }

  @Test func ownEventsHeardBackAreDroppedAsEchoes() {
    var admission = Admission(instance: "a")
    _ = admission.admit(Envelope(origin: "a", originSequence: 1, event: event))
    #expect(admission.admit(heard("a", 1)) == nil)
    #expect(admission.echoes == 1)
    #expect(admission.admitted == 1)
  }

  @Test func anEventHeardTwiceIsAdmittedOnce() {
    var admission = Admission(instance: "a")
    #expect(admission.admit(heard("b", 1))?.number == 1)
    #expect(admission.admit(heard("b", 1)) == nil)
    #expect(admission.admit(heard("b", 2))?.number == 2)
    #expect(admission.duplicates == 1)
  }

  @Test func eachOriginIsTrackedOnItsOwn() {
    var admission = Admission(instance: "a")
    #expect(admission.admit(heard("b", 5)) != nil)
    #expect(admission.admit(heard("c", 1)) != nil)
    #expect(admission.admit(heard("b", 4)) == nil)
    #expect(admission.lastHeard == ["b": 5, "c": 1])
  }

  @Test func theDeliveryFrameCarriesTheNumberAndTheEnvelope() throws {
    var admission = Admission(instance: "a")
    let envelope = Envelope(origin: "a", originSequence: 1, event: event)
    let admitted = admission.admit(envelope)
    let delivery = try #require(admitted)
    #expect(delivery.frame == "id: 1\nevent: event\ndata: \(envelope.json)\n\n")
  }
}

struct EventInputTests {
  @Test(arguments: [
    "", "[]", #"{"topic":"t"}"#, #"{"topic":"","producer":"p","sequence":1,"data":""}"#,
    #"{"topic":"t","producer":"","sequence":1,"data":""}"#,
    #"{"topic":"t","producer":"p","sequence":-1,"data":""}"#,
  ])
  func malformedBodiesAreRefusedWithAReason(body: String) {
    #expect(throws: EventInput.Invalid.self) { try EventInput.parse(Data(body.utf8)) }
  }

  @Test func dataLongerThanANotifyPayloadAllowsIsRefused() {
    let input = EventInput(topic: "t", producer: "p", sequence: 1, data: String(repeating: "x", count: 4001))
    #expect(throws: EventInput.Invalid(description: "data must have at most 4000 bytes")) { try input.validate() }
  }

  @Test func aWellFormedBodyIsRead() throws {
    let body = #"{"topic":"t","producer":"p","sequence":7,"data":"hi"}"#
    #expect(try EventInput.parse(Data(body.utf8)) == EventInput(topic: "t", producer: "p", sequence: 7, data: "hi"))
  }

  @Test func anEnvelopeSurvivesTheTripThroughNotify() throws {
    let sent = Envelope(
      origin: "a", originSequence: 3, event: EventInput(topic: "t", producer: "p", sequence: 7, data: "é\n\""))
    let heard = try #require(Envelope(heard: sent.json))
    #expect(heard.origin == "a")
    #expect(heard.originSequence == 3)
    #expect(heard.event == sent.event)
    #expect(!heard.isLocal)
  }
}

struct HubTests {
  @Test(.timeLimit(.minutes(1)), arguments: Fanout.allCases)
  func everyClientGetsEveryEventInOrder(fanout: Fanout) async {
    let hub: any EventHub =
      fanout == .signals ? SignalsHub(instance: "a", sharing: false) : BroadcasterHub(instance: "a", sharing: false)
    let clients = (0..<3).map { _ in hub.subscribe(buffer: 100) }
    for sequence in 1...10 { _ = hub.submit(EventInput(topic: "t", producer: "p", sequence: sequence, data: "")) }
    hub.finish()
    for client in clients {
      var sequences: [Int] = []
      for await delivery in client { sequences.append(delivery.envelope.event.sequence) }
      #expect(sequences == Array(1...10))
    }
  }

  @Test(.timeLimit(.minutes(1)), arguments: Fanout.allCases)
  func aFullBufferDropsTheOldestOfThatClientOnly(fanout: Fanout) async {
    let hub: any EventHub =
      fanout == .signals ? SignalsHub(instance: "a", sharing: false) : BroadcasterHub(instance: "a", sharing: false)
    let slow = hub.subscribe(buffer: 2)
    let fast = hub.subscribe(buffer: 100)
    for sequence in 1...5 { _ = hub.submit(EventInput(topic: "t", producer: "p", sequence: sequence, data: "")) }
    hub.finish()
    var fastNumbers: [UInt64] = []
    for await delivery in fast { fastNumbers.append(delivery.number) }
    var slowNumbers: [UInt64] = []
    for await delivery in slow { slowNumbers.append(delivery.number) }
    #expect(fastNumbers == [1, 2, 3, 4, 5])
    #expect(slowNumbers == [4, 5])
  }
}

struct ServerSentEventParserTests {
  @Test func messagesSplitAcrossBuffersAreJoined() {
    var parser = ServerSentEventParser()
    #expect(
      parser.feed(ByteBuffer(string: ": attached 1\n\nid: 1\nevent: ev")) == [
        ServerSentEvent(data: "", comment: "attached 1")
      ])
    #expect(
      parser.feed(ByteBuffer(string: "ent\ndata: {}\n\n")) == [ServerSentEvent(id: "1", event: "event", data: "{}")])
  }
}
