// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-response HTTP server on 127.0.0.1, for the data-task tests: it answers the first
/// connection with `200 OK` and `body`, then stops listening. Nothing leaves the machine.
final class LoopbackHTTPServer: Sendable {
  /// The port the server listens on, chosen by the system.
  let port: UInt16
  private let listener: Int32

  /// Starts listening; the response is written from a background queue once a client connects.
  init(body: String) throws {
    listener = try Self.makeSocket(listening: true)
    port = try Self.port(of: listener)
    let listener = listener
    DispatchQueue.global().async {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { return }
      Self.readRequestHead(from: connection)
      let response =
        "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\n"
        + "Connection: close\r\n\r\n" + body
      _ = response.withCString { write(connection, $0, strlen($0)) }
      close(connection)
    }
  }

  deinit {
    // Wakes an `accept` still waiting, then frees the socket.
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  /// The URL of `path` on this server.
  func url(_ path: String = "/") -> String {
    "http://127.0.0.1:\(port)\(path)"
  }

  /// A loopback port on which connections are refused: bound, but nobody listens. Keep the
  /// returned socket open while using the port, then close it.
  static func refusingPort() throws -> (port: UInt16, socket: Int32) {
    let socket = try makeSocket(listening: false)
    return (try port(of: socket), socket)
  }

  private static func makeSocket(listening: Bool) throws -> Int32 {
    #if canImport(Glibc)
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw ServerError.socket }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, !listening || listen(descriptor, 4) == 0 else {
      close(descriptor)
      throw ServerError.socket
    }
    return descriptor
  }

  private static func port(of descriptor: Int32) throws -> UInt16 {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let found = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    guard found == 0 else { throw ServerError.socket }
    return UInt16(bigEndian: address.sin_port)
  }

  /// Reads until the blank line that ends the request head.
  private static func readRequestHead(from connection: Int32) {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1024)
    while !received.suffix(4).elementsEqual([13, 10, 13, 10]) {
      let count = read(connection, &buffer, buffer.count)
      guard count > 0 else { return }
      received += buffer[0..<count]
    }
  }

  private enum ServerError: Error {
    case socket
  }
}
