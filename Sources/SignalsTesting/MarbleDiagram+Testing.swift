// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Testing

/// Records a test issue showing both diagrams, aligned, with a caret at the first difference,
/// when what `recorder` recorded differs from `expected`.
///
/// ```swift
/// let output = scheduler.record(input.delay(for: .seconds(1), scheduler: scheduler), tick: .seconds(1))
/// scheduler.run()
/// expectMarbles(output, "--a-b|")
/// // On failure:
/// // Marble diagrams differ:
/// // expected: --a-b|
/// // recorded: --ab-|
/// //              ^ first difference at tick 3
/// ```
///
/// - Parameters:
///   - recorder: The recording.
///   - expected: The diagram the test expects.
///   - sourceLocation: Where the failure is reported.
public func expectMarbles<Input, Failure: Error>(
  _ recorder: MarbleRecorder<Input, Failure>,
  _ expected: MarbleDiagram,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  if let difference = recorder.diagram.difference(from: expected) {
    Issue.record("Marble diagrams differ:\n\(difference)", sourceLocation: sourceLocation)
  }
}
