// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// A timeline written as text: what a publisher sends, tick by tick.
///
/// Each character is one tick of virtual time: `-` is a tick where nothing happens, a letter or
/// digit is a value sent on that tick, `|` is the finish and `#` the failure. Values sent on the
/// same tick are grouped in parentheses, `(ab)`, and the whole group takes one tick. Spaces are
/// ignored, so long diagrams can be spaced for reading. Trailing `-` carry no event and are not
/// significant when two diagrams are compared. A recording marks an event that arrived between
/// two ticks with `'` after its symbol, on the earlier tick (`-a'` is "a, a little after tick 1"),
/// so a diagram never hides a timing error smaller than a tick.
///
/// ```swift
/// let diagram: MarbleDiagram = "-a-(bc)--|"
/// print(diagram.events.map(\.tick))  // [1, 3, 3, 6]
/// ```
///
/// The notation is described in full in `Documentation/Guides/Testing.md`.
public struct MarbleDiagram: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// One event on a timeline.
  public struct Event: Hashable, Sendable {
    /// The kind of event.
    public enum Kind: Hashable, Sendable {
      /// A value, named by its one-character symbol.
      case value(Character)
      /// The publisher finished.
      case finished
      /// The publisher failed.
      case failure
    }

    /// The tick, counted from zero, on which the event happens.
    public var tick: Int
    /// What happens.
    public var kind: Kind
    /// Whether the event happened after `tick` but before the next one (written `'`).
    public var isBetweenTicks: Bool

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - tick: The tick, counted from zero.
    ///   - kind: What happens.
    ///   - isBetweenTicks: Whether it happened after `tick` but before the next one.
    public init(tick: Int, kind: Kind, isBetweenTicks: Bool = false) {
      self.tick = tick
      self.kind = kind
      self.isBetweenTicks = isBetweenTicks
    }
  }

  /// The events, in order of time (values of one group in the order written).
  public var events: [Event]

  /// Parses `text`; a malformed diagram (an unclosed group, a nested group, an event after the
  /// finish or the failure) stops the program with a message that names the position.
  ///
  /// ```swift
  /// let diagram = MarbleDiagram("--a|")
  /// print(diagram)  // --a|
  /// ```
  ///
  /// - Parameter text: The diagram.
  public init(_ text: String) {
    switch Self.parse(text) {
    case .success(let events): self.events = events
    case .failure(let error): preconditionFailure(error.description)
    }
  }

  /// Parses a string literal; see ``init(_:)``.
  public init(stringLiteral text: String) {
    self.init(text)
  }

  /// Creates a diagram from events, which must be in order of time.
  ///
  /// - Parameter events: The events.
  public init(events: [Event]) {
    self.events = events
  }

  /// The diagram in the notation: one character per tick, groups in parentheses.
  public var description: String {
    var text = ""
    var tick = 0
    var index = events.startIndex
    while index < events.endIndex {
      let current = events[index].tick
      text += String(repeating: "-", count: Swift.max(0, current - tick))
      var symbols: [String] = []
      while index < events.endIndex, events[index].tick == current {
        symbols.append(Self.symbol(events[index].kind) + (events[index].isBetweenTicks ? "'" : ""))
        index += 1
      }
      text += symbols.count == 1 ? symbols[0] : "(" + symbols.joined() + ")"
      tick = current + 1
    }
    return text
  }

  private static func symbol(_ kind: Event.Kind) -> String {
    switch kind {
    case .value(let symbol): String(symbol)
    case .finished: "|"
    case .failure: "#"
    }
  }

  /// What is wrong with a diagram that does not parse.
  struct ParseError: Error, CustomStringConvertible {
    let description: String
  }

  static func parse(_ text: String) -> Result<[Event], ParseError> {
    var events: [Event] = []
    var tick = 0
    var group: [Event.Kind]?
    var betweenTicks: Set<Int> = []
    var ended = false
    for (offset, character) in text.enumerated() {
      func fail(_ reason: String) -> Result<[Event], ParseError> {
        .failure(ParseError(description: "MarbleDiagram \"\(text)\": \(reason) at position \(offset)"))
      }
      let kind: Event.Kind
      switch character {
      case " ":
        continue
      case "'":
        if let values = group, !values.isEmpty {
          betweenTicks.insert(values.count - 1)
          continue
        }
        guard group == nil, !events.isEmpty, events[events.count - 1].tick == tick - 1 else {
          return fail("' not after an event")
        }
        events[events.count - 1].isBetweenTicks = true
        continue
      case "-":
        if group != nil { return fail("'-' inside a group") }
        tick += 1
        continue
      case "(":
        if group != nil { return fail("a nested group") }
        group = []
        continue
      case ")":
        guard let values = group, !values.isEmpty else { return fail("')' without an open, non-empty group") }
        events += values.enumerated().map {
          Event(tick: tick, kind: $0.element, isBetweenTicks: betweenTicks.contains($0.offset))
        }
        group = nil
        betweenTicks = []
        tick += 1
        continue
      case "|": kind = .finished
      case "#": kind = .failure
      default: kind = .value(character)
      }
      if ended { return fail("an event after the end") }
      if kind == .finished || kind == .failure { ended = true }
      if group != nil {
        group?.append(kind)
      } else {
        events.append(Event(tick: tick, kind: kind))
        tick += 1
      }
    }
    if group != nil { return .failure(ParseError(description: "MarbleDiagram \"\(text)\": an unclosed group")) }
    return .success(events)
  }

  /// The two diagrams one above the other, with a caret under the first tick where they differ;
  /// `nil` when they are equal.
  ///
  /// ```swift
  /// let recorded: MarbleDiagram = "-a-b-|"
  /// print(recorded.difference(from: "-a--b|") ?? "equal")
  /// // Prints:
  /// // expected: -a--b|
  /// // recorded: -a-b-|
  /// //              ^ first difference at tick 3
  /// ```
  ///
  /// - Parameter expected: The diagram the test expects.
  /// - Returns: A multi-line description of the difference, or `nil`.
  public func difference(from expected: MarbleDiagram) -> String? {
    guard self != expected else { return nil }
    let firstTick =
      zip(events, expected.events).first { $0 != $1 }.map { Swift.min($0.tick, $1.tick) }
      ?? Swift.min(
        events.dropFirst(expected.events.count).first?.tick ?? .max,
        expected.events.dropFirst(events.count).first?.tick ?? .max)
    // The caret goes under the column where that tick starts in the recorded diagram.
    let column = Self.column(ofTick: firstTick, in: events)
    return """
      expected: \(expected)
      recorded: \(self)
      \(String(repeating: " ", count: 10 + column))^ first difference at tick \(firstTick)
      """
  }

  private static func column(ofTick target: Int, in events: [Event]) -> Int {
    let before = MarbleDiagram(events: events.filter { $0.tick < target })
    let width = before.description.count
    let lastTick = before.events.last.map { $0.tick + 1 } ?? 0
    return width + Swift.max(0, target - lastTick)
  }
}
