// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
import Signals
import SignalsTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct URLSessionDataTaskPublisherTests {
  @Test(.timeLimit(.minutes(1))) func loadsTheBodyAndResponseThenFinishes() async throws {
    let server = try LoopbackHTTPServer(body: "hello")
    let url = try #require(URL(string: server.url("/greeting")))
    var loaded: [(data: Data, response: URLResponse)] = []
    for try await result in URLSession.shared.dataTaskPublisher(for: url).values {
      loaded.append(result)
    }
    #expect(loaded.count == 1)
    #expect(loaded.first.map { String(decoding: $0.data, as: UTF8.self) } == "hello")
    #expect((loaded.first?.response as? HTTPURLResponse)?.statusCode == 200)
  }

  @Test(.timeLimit(.minutes(1))) func aRefusedConnectionFailsWithItsURLError() async throws {
    let refusing = try LoopbackHTTPServer.refusingPort()
    defer { close(refusing.socket) }
    let url = try #require(URL(string: "http://127.0.0.1:\(refusing.port)/"))
    let publisher = URLSession.shared.dataTaskPublisher(for: URLRequest(url: url))
    let error = await #expect(throws: URLError.self) {
      for try await _ in publisher.values {}
    }
    #expect(error?.code == .cannotConnectToHost)
  }

  @Test func keepsItsRequestAndSession() throws {
    let url = try #require(URL(string: "http://127.0.0.1/"))
    let publisher = URLSession.shared.dataTaskPublisher(for: url)
    #expect(publisher.request == URLRequest(url: url))
    #expect(publisher.session === URLSession.shared)
  }

  @Test func noTaskStartsBeforeTheFirstRequestAndCancelEndsIt() throws {
    let url = try #require(URL(string: "http://127.0.0.1/"))
    let recorder = TestSubscriber<URLSession.DataTaskPublisher.Output, URLError>(initialDemand: .none)
    URLSession.shared.dataTaskPublisher(for: url).subscribe(recorder)
    let subscription = try #require(recorder.subscription)
    #expect(String(describing: subscription) == "DataTaskPublisher")
    let labels = Mirror(reflecting: subscription).children.map(\.label)
    #expect(labels == ["task", "downstream", "parent", "demand"])
    #expect(String(describing: Mirror(reflecting: subscription).children.first!.value) == "nil")
    recorder.cancel()
    #expect(recorder.events.count == 1)
  }
}
