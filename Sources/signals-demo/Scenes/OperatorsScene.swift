// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals

/// Temperature readings arrive as text; a pipeline parses them, drops the implausible ones,
/// converts them, keeps a running maximum, and reports the average when the sensor stops.
let operatorsScene = Scene(title: "A sensor pipeline built from operators") {
  let readings = PassthroughSubject<String, Never>()
  var pipelines = Set<AnyCancellable>()

  readings
    .compactMap { Double($0) }
    .filter { (-50...60).contains($0) }
    .map { celsius in celsius * 9 / 5 + 32 }
    .scan(-Double.infinity) { Swift.max($0, $1) }
    .sink { print("  highest so far: \($0)°F") }
    .store(in: &pipelines)

  readings
    .compactMap { Double($0) }
    .filter { (-50...60).contains($0) }
    .reduce((sum: 0.0, count: 0)) { ($0.sum + $1, $0.count + 1) }
    .map { $0.count == 0 ? 0 : $0.sum / Double($0.count) }
    .sink { print("  average when the sensor stopped: \($0)°C") }
    .store(in: &pipelines)

  for text in ["21.5", "oops", "23", "999", "19"] {
    print("  sensor sends \(text)")
    readings.send(text)
  }
  readings.send(completion: .finished)
  pipelines.removeAll()
}
