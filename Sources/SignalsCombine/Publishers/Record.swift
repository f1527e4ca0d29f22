// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// A publisher that replays a recorded list of values and a completion to each subscriber.
///
/// Every subscriber receives the recorded values in order, as it asks for them, then the recorded
/// completion right after the last value (without needing more demand). With no recorded value,
/// the completion follows the subscription at once. Record values by hand, with
/// ``init(record:)``, or decode a recording saved earlier: `Record` is `Codable` when its output
/// and failure are.
///
/// - Demand: never more values than requested; a request from inside `receive(_:)` does not
///   recurse.
/// - Cancellation: no value is delivered after a cancel made from inside `receive(_:)`.
///
/// ```swift
/// let replay = Record<Int, Never> { recording in
///   recording.receive(1)
///   recording.receive(2)
///   recording.receive(completion: .finished)
/// }
/// let cancellable = replay.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
/// // Prints: 1
/// //         2
/// //         finished
/// ```
public struct Record<Output, Failure: Error>: Publisher {
  /// The values and completion this publisher replays.
  public let recording: Recording

  /// Creates a publisher from a recording made by `record`.
  ///
  /// `record` receives an empty recording to fill. A recording left without a completion
  /// replays `.finished`.
  ///
  /// ```swift
  /// let two = Record<String, Never> { $0.receive("a"); $0.receive("b") }
  /// ```
  ///
  /// - Parameter record: Fills the recording; called once, at once.
  public init(record: (inout Recording) -> Void) {
    var recording = Recording()
    record(&recording)
    self.recording = recording
  }

  /// Creates a publisher that replays `recording`.
  ///
  /// ```swift
  /// let replay = Record(recording: Record<Int, Never>.Recording(output: [1, 2]))
  /// ```
  ///
  /// - Parameter recording: The values and completion to replay.
  public init(recording: Recording) {
    self.recording = recording
  }

  /// Creates a publisher that replays `output`, then `completion`.
  ///
  /// ```swift
  /// let replay = Record<Int, Never>(output: [1, 2, 3], completion: .finished)
  /// ```
  ///
  /// - Parameters:
  ///   - output: The values to replay, in order.
  ///   - completion: The completion that follows them.
  public init(output: [Output], completion: Subscribers.Completion<Failure>) {
    recording = Recording(output: output, completion: completion)
  }

  /// Attaches `subscriber`, which receives the recorded values as it asks, then the completion.
  ///
  /// - Parameter subscriber: The subscriber to attach.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    let reflection = SequenceReflection(endedDescription: "Cancelled Events", showsCompletion: true)
    SequenceSubscription.subscribe(
      subscriber, to: recording.output.makeIterator(), completion: recording.completion, source: recording.output,
      reflection: reflection)
  }
}

extension Record {
  /// Values and a completion, recorded in order for a ``Record`` to replay.
  ///
  /// A recording accepts values until it receives a completion; a value or a second completion
  /// after that stops the program with a message, since it would be lost on replay.
  ///
  /// ```swift
  /// var recording = Record<Int, Never>.Recording()
  /// recording.receive(1)
  /// recording.receive(completion: .finished)
  /// print(recording.output)      // [1]
  /// print(recording.completion)  // finished
  /// ```
  public struct Recording {
    /// The type of the recorded values.
    public typealias Input = Output

    /// Whether a completion was recorded; nothing may follow it.
    private var isComplete: Bool

    /// The recorded values, in order.
    public private(set) var output: [Output]

    /// The recorded completion; `.finished` until one is recorded.
    public private(set) var completion: Subscribers.Completion<Failure>

    /// Creates an empty recording, ready to receive values.
    ///
    /// ```swift
    /// var recording = Record<String, Never>.Recording()
    /// ```
    public init() {
      isComplete = false
      output = []
      completion = .finished
    }

    /// Creates a complete recording of `output` followed by `completion`.
    ///
    /// ```swift
    /// let recording = Record<Int, Never>.Recording(output: [1, 2])
    /// print(recording.completion)  // finished
    /// ```
    ///
    /// - Parameters:
    ///   - output: The values, in order.
    ///   - completion: The completion that follows them; `.finished` by default.
    public init(output: [Output], completion: Subscribers.Completion<Failure> = .finished) {
      isComplete = true
      self.output = output
      self.completion = completion
    }

    /// Records a value.
    ///
    /// ```swift
    /// var recording = Record<Int, Never>.Recording()
    /// recording.receive(7)
    /// print(recording.output)  // [7]
    /// ```
    ///
    /// - Parameter input: The value; must come before the completion.
    public mutating func receive(_ input: Input) {
      precondition(!isComplete, "Record.Recording.receive(_:): a value was recorded after the completion")
      output.append(input)
    }

    /// Records the completion; nothing may be recorded after it.
    ///
    /// ```swift
    /// var recording = Record<Int, Never>.Recording()
    /// recording.receive(completion: .finished)
    /// ```
    ///
    /// - Parameter completion: `.finished` or `.failure`.
    public mutating func receive(completion: Subscribers.Completion<Failure>) {
      precondition(!isComplete, "Record.Recording.receive(completion:): a completion was already recorded")
      self.completion = completion
      isComplete = true
    }
  }
}

extension Record: Sendable where Output: Sendable, Failure: Sendable {}

extension Record.Recording: Sendable where Output: Sendable, Failure: Sendable {}

extension Record: Codable where Output: Codable, Failure: Codable {}

extension Record.Recording: Codable where Output: Codable, Failure: Codable {
  private enum CodingKeys: String, CodingKey {
    case output
    case completion
  }

  /// Decodes a complete recording: its values and its completion.
  ///
  /// ```swift
  /// let json = #"{"output":[1,2],"completion":{"success":true}}"#
  /// ```
  ///
  /// - Parameter decoder: The decoder to read from.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      output: try container.decode([Output].self, forKey: .output),
      completion: try container.decode(Subscribers.Completion<Failure>.self, forKey: .completion))
  }

  /// Encodes the values and the completion.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(Record<Int, Never>.Recording(output: [1]))
  /// ```
  ///
  /// - Parameter encoder: The encoder to write to.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(output, forKey: .output)
    try container.encode(completion, forKey: .completion)
  }
}

extension Record.Recording where Output: Codable, Failure: Codable {
  /// Encodes the values and the completion: the same as `encode(to:)`, under the other name
  /// Combine gives it.
  ///
  /// ```swift
  /// let recording = Record<Int, Never>.Recording(output: [1])
  /// let data = try JSONEncoder().encode(Record(recording: recording))
  /// ```
  ///
  /// - Parameter encoder: The encoder to write to.
  public func encode(into encoder: any Encoder) throws {
    try encode(to: encoder)
  }
}
#endif
