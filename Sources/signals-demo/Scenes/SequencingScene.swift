// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
import Signals
import SignalsExt

/// A status feed arrives as JSON lines after a header: the pipeline skips the header, decodes each
/// line, drops repeated statuses, stops at the trailer, and turns a bad line into a visible event
/// instead of a silent end.
let sequencingScene = Scene(title: "A status feed: skip, decode, de-duplicate, stop, report") {
  struct Status: Decodable, Equatable {
    var service: String
    var up: Bool
  }
  let feed = [
    "# status feed v1",
    #"{"service":"api","up":true}"#,
    #"{"service":"api","up":true}"#,
    #"{"service":"api","up":false}"#,
    "END",
    #"{"service":"db","up":true}"#,
  ]
  var pipelines = Set<AnyCancellable>()

  feed.publisher
    .dropFirst()
    .prefix(while: { $0 != "END" })
    .map { Data($0.utf8) }
    .decode(type: Status.self, decoder: JSONDecoder())
    .removeDuplicates()
    .map { "\($0.service) is \($0.up ? "up" : "down")" }
    .replaceError(with: "feed unreadable")
    .sink(receiveCompletion: { print("  feed: \($0)") }, receiveValue: { print("  \($0)") })
    .store(in: &pipelines)

  print("  a feed with a broken line, materialized so the failure arrives as an event:")
  ["# status feed v1", #"{"service":"api","up":true}"#, "not json"].publisher
    .dropFirst()
    .map { Data($0.utf8) }
    .decode(type: Status.self, decoder: JSONDecoder())
    .map(\.service)
    .materialize()
    .sink { event in
      switch event {
      case .value(let service): print("  event: status of \(service)")
      case .failure: print("  event: a line could not be decoded")
      case .finished: print("  event: feed finished")
      }
    }
    .store(in: &pipelines)
}
