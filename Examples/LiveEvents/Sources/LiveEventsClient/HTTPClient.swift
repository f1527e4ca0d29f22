// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import NIOCore
import NIOHTTP1
import NIOPosix

/// A server's address.
public struct Endpoint: Sendable, Hashable, CustomStringConvertible {
  /// The host.
  public var host: String
  /// The port.
  public var port: Int

  /// An address.
  public init(host: String = "127.0.0.1", port: Int) {
    self.host = host
    self.port = port
  }

  /// `host:port`.
  public var description: String { "\(host):\(port)" }
}

/// A response, read whole.
public struct HTTPResult: Sendable {
  /// The status code.
  public var status: Int
  /// The body as text.
  public var body: String
}

/// What went wrong at the HTTP level.
public struct HTTPClientError: Error, CustomStringConvertible {
  /// What happened.
  public var description: String

  /// An error saying `description`.
  public init(description: String) {
    self.description = description
  }
}

/// One kept-alive HTTP/1.1 connection, on SwiftNIO, for requests one after another.
///
/// ```swift
/// try await HTTPConnection.with(Endpoint(port: 8080)) { connection in
///   let stats = try await connection.request(.GET, "/stats")
///   print(stats.status)
/// }
/// // Prints: 200
/// ```
public struct HTTPConnection: ~Copyable {
  private var inbound: NIOAsyncChannelInboundStream<HTTPClientResponsePart>.AsyncIterator
  private let outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>
  private let host: String

  /// Connects to `endpoint` and runs `body` with the connection, then closes it.
  ///
  /// - Parameters:
  ///   - endpoint: The server.
  ///   - receiveBuffer: The socket's receive buffer in bytes, if not the system's (a small one
  ///     makes a client that stops reading push back on the server sooner).
  ///   - body: What to do with the connection.
  public static func with<Value: Sendable>(
    _ endpoint: Endpoint, receiveBuffer: Int? = nil, _ body: (inout HTTPConnection) async throws -> Value
  ) async throws -> Value {
    let channel = try await connect(endpoint, receiveBuffer: receiveBuffer)
    return try await channel.executeThenClose { inbound, outbound in
      var connection = HTTPConnection(
        inbound: inbound.makeAsyncIterator(), outbound: outbound, host: endpoint.description)
      return try await body(&connection)
    }
  }

  static func connect(
    _ endpoint: Endpoint, receiveBuffer: Int?
  ) async throws -> NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart> {
    var bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .channelOption(.socketOption(.tcp_nodelay), value: 1)
    if let receiveBuffer {
      bootstrap = bootstrap.channelOption(.socketOption(.so_rcvbuf), value: SocketOptionValue(receiveBuffer))
    }
    return
      try await bootstrap
      .connect(host: endpoint.host, port: endpoint.port) { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHTTPClientHandlers()
          return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(
            wrappingChannelSynchronously: channel)
        }
      }
  }

  private init(
    inbound: NIOAsyncChannelInboundStream<HTTPClientResponsePart>.AsyncIterator,
    outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>, host: String
  ) {
    self.inbound = inbound
    self.outbound = outbound
    self.host = host
  }

  /// Sends a request and reads the whole response.
  public mutating func request(_ method: HTTPMethod, _ path: String, body: String? = nil) async throws -> HTTPResult {
    try await send(method, path, body: body)
    var status = 0
    var text = ""
    while let part = try await inbound.next() {
      switch part {
      case .head(let head): status = Int(head.status.code)
      case .body(let buffer): text += String(buffer: buffer)
      case .end: return HTTPResult(status: status, body: text)
      }
    }
    throw HTTPClientError(description: "connection closed before the response ended")
  }

  private func send(_ method: HTTPMethod, _ path: String, body: String?) async throws {
    var headers = HTTPHeaders([("Host", host)])
    if let body {
      headers.add(name: "Content-Type", value: "application/json")
      headers.add(name: "Content-Length", value: String(body.utf8.count))
    }
    try await outbound.write(.head(HTTPRequestHead(version: .http1_1, method: method, uri: path, headers: headers)))
    if let body { try await outbound.write(.body(.byteBuffer(ByteBuffer(string: body)))) }
    try await outbound.write(.end(nil))
  }

  /// Sends a request whose response is a Server-Sent Events stream and hands `onMessage` each
  /// message as it arrives, until `onMessage` returns `false` (which closes the connection: the
  /// client leaves) or the server ends the stream.
  public mutating func events(
    _ path: String = "/events", onMessage: (ServerSentEvent) async throws -> Bool
  ) async throws {
    try await send(.GET, path, body: nil)
    var parser = ServerSentEventParser()
    while let part = try await inbound.next() {
      switch part {
      case .head(let head):
        guard head.status == .ok else { throw HTTPClientError(description: "GET \(path): \(head.status)") }
      case .body(let buffer):
        for message in parser.feed(buffer) {
          guard try await onMessage(message) else { return }
        }
      case .end: return
      }
    }
  }
}

/// A message of a Server-Sent Events stream.
public struct ServerSentEvent: Sendable, Equatable {
  /// The `id:` field.
  public var id: String?
  /// The `event:` field.
  public var event: String?
  /// The `data:` lines, joined by newlines.
  public var data: String
  /// The comment lines (`: ...`), which carry no event.
  public var comment: String?

  /// A message.
  public init(id: String? = nil, event: String? = nil, data: String, comment: String? = nil) {
    self.id = id
    self.event = event
    self.data = data
    self.comment = comment
  }
}

/// Splits a byte stream into Server-Sent Events messages (LF line ends only, as the server writes).
public struct ServerSentEventParser: Sendable {
  private var pending: [UInt8] = []

  /// An empty parser.
  public init() {}

  /// Adds `buffer`; returns the messages it completed.
  public mutating func feed(_ buffer: ByteBuffer) -> [ServerSentEvent] {
    pending.append(contentsOf: buffer.readableBytesView)
    var messages: [ServerSentEvent] = []
    var start = 0
    var index = 0
    while index + 1 < pending.count {
      if pending[index] == UInt8(ascii: "\n") && pending[index + 1] == UInt8(ascii: "\n") {
        messages.append(Self.message(String(decoding: pending[start..<index], as: UTF8.self)))
        index += 2
        start = index
      } else {
        index += 1
      }
    }
    pending.removeFirst(start)
    return messages
  }

  static func message(_ text: String) -> ServerSentEvent {
    var message = ServerSentEvent(data: "")
    var data: [Substring] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix(":") {
        message.comment = String(line.dropFirst().drop { $0 == " " })
        continue
      }
      let (field, value) =
        line.firstIndex(of: ":").map { colon in
          (line[..<colon], line[line.index(after: colon)...].drop { $0 == " " })
        } ?? (line, "")
      switch field {
      case "id": message.id = String(value)
      case "event": message.event = String(value)
      case "data": data.append(value)
      default: break
      }
    }
    message.data = data.joined(separator: "\n")
    return message
  }
}
