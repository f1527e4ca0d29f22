// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals

/// One subject feeds three `for await` loops through `stream()`; each loop sees every value, even
/// those sent before it started; one loop leaves and the other two go on.
let streamScene = Scene(title: "One subject, three for-await loops, one leaves") {
  let temperatures = PassthroughSubject<Int, Never>()
  // Each loop reports what it saw here; the scene prints the reports in a stable order.
  let (reports, report) = AsyncStream.makeStream(of: String.self)
  var pending = reports.makeAsyncIterator()

  func startLoop(_ name: String, over stream: AsyncStream<Int>) -> Task<Void, Never> {
    Task {
      for await degrees in stream {
        report.yield("\(name) got \(degrees)°")
      }
      report.yield("\(name) loop ended")
    }
  }

  // `stream()` subscribes at once: values sent before a loop starts wait in its buffer.
  let dashboard = temperatures.stream()
  let logger = temperatures.stream()
  let alarm = temperatures.stream()
  print("  three streams made; 20° is sent before any loop starts")
  temperatures.send(20)
  let loops = [
    startLoop("dashboard", over: dashboard),
    startLoop("logger", over: logger),
    startLoop("alarm", over: alarm),
  ]

  func showReports(_ count: Int) async {
    var lines: [String] = []
    for _ in 0..<count {
      if let line = await pending.next() { lines.append(line) }
    }
    for line in lines.sorted() { print("   ", line) }
  }

  await showReports(3)
  print("  21° is sent")
  temperatures.send(21)
  await showReports(3)

  print("  the alarm's task is cancelled: only its subscription ends")
  loops[2].cancel()
  await showReports(1)

  print("  22° is sent")
  temperatures.send(22)
  await showReports(2)

  print("  the subject finishes: every remaining loop ends")
  temperatures.send(completion: .finished)
  await showReports(2)
  for loop in loops { await loop.value }
}
