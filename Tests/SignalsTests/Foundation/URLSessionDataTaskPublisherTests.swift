// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
import Signals
@_spi(Signals) import SignalsSupport
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
  @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
  @Test(timeLimit(minutes: 1)) func loadsTheBodyAndResponseThenFinishes() async throws {
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

  @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
  @Test(timeLimit(minutes: 1)) func aRefusedConnectionFailsWithItsURLError() async throws {
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

  #if canImport(FoundationNetworking)
  @Test func resultsMapToCombinesOutputAndFailures() throws {
    struct Unrelated: Error {}
    let url = try #require(URL(string: "http://127.0.0.1/"))
    let response = URLResponse(url: url, mimeType: nil, expectedContentLength: 0, textEncodingName: nil)
    let cases: [(Data?, URLResponse?, (any Error)?, String)] = [
      (nil, response, nil, "value 0 bytes, finished"),
      (Data("x".utf8), nil, nil, "failure -1"),
      (nil, response, Unrelated(), "failure -1"),
      (nil, nil, URLError(.timedOut), "failure -1001"),
    ]
    for (data, response, error, expected) in cases {
      let session = ScriptedSession(configuration: .default)
      var outcome: [String] = []
      let cancellable = session.dataTaskPublisher(for: url).sink(
        receiveCompletion: { completion in
          if case .failure(let failure) = completion { outcome.append("failure \(failure.code.rawValue)") }
          if case .finished = completion { outcome.append("finished") }
        },
        receiveValue: { outcome.append("value \($0.data.count) bytes") })
      session.complete(data, response, error)
      session.complete(data, response, error)
      #expect(outcome.joined(separator: ", ") == expected)
      #expect(session.task.events == ["resume"])
      cancellable.cancel()
    }
  }

  @Test func eachRequestResumesTheOneTaskAndCancelCancelsIt() throws {
    let session = ScriptedSession(configuration: .default)
    let url = try #require(URL(string: "http://127.0.0.1/"))
    let recorder = TestSubscriber<URLSession.DataTaskPublisher.Output, URLError>(initialDemand: .none)
    session.dataTaskPublisher(for: url).subscribe(recorder)
    #expect(session.tasksCreated == 0)
    recorder.request(.max(1))
    recorder.request(.max(1))
    recorder.cancel()
    recorder.request(.max(1))
    #expect(session.tasksCreated == 1)
    #expect(session.task.events == ["resume", "resume", "cancel"])
  }
  #endif
}

#if canImport(FoundationNetworking)
/// A session whose data tasks never touch the network: the test completes them by hand.
private final class ScriptedSession: URLSession, @unchecked Sendable {
  let task = ScriptedTask()
  private(set) var tasksCreated = 0
  private var handlers: [@Sendable (Data?, URLResponse?, (any Error)?) -> Void] = []

  override func dataTask(
    with request: URLRequest, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
  ) -> URLSessionDataTask {
    tasksCreated += 1
    handlers.append(completionHandler)
    return task
  }

  func complete(_ data: Data?, _ response: URLResponse?, _ error: (any Error)?) {
    for handler in handlers { handler(data, response, error) }
  }
}

/// A data task that only records what it is asked to do.
private final class ScriptedTask: URLSessionDataTask, @unchecked Sendable {
  private(set) var events: [String] = []

  override func resume() {
    events.append("resume")
  }

  override func cancel() {
    events.append("cancel")
  }
}
#endif
