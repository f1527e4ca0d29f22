// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals

/// `asyncSink` runs async work for each value, in order, one at a time, at the priority asked for;
/// cancelling midway reaches the upload in flight and the rest never start.
let asyncSinkScene = Scene(title: "Ordered async work per value, cancelled midway") {
  let photos = PassthroughSubject<String, Never>()
  let (reports, report) = AsyncStream.makeStream(of: String.self)
  var pending = reports.makeAsyncIterator()

  let uploads = photos.asyncSink(priority: .utility) { name in
    report.yield("start \(name), running at utility priority: \(Task.currentPriority == .utility)")
    if name == "c.jpg" {
      // A long upload: cancellation interrupts it.
      try? await Task.sleep(nanoseconds: 60 * 1_000_000_000)
    } else {
      await Task.yield()
    }
    report.yield(Task.isCancelled ? "\(name): cancelled in flight" : "done \(name)")
  }

  print("  four photos are sent at once; they are uploaded one after the other")
  for name in ["a.jpg", "b.jpg", "c.jpg", "d.jpg"] { photos.send(name) }

  func showReports(_ count: Int) async {
    for _ in 0..<count {
      if let line = await pending.next() { print("   ", line) }
    }
  }

  await showReports(5)
  print("  the user cancels while c.jpg is uploading")
  uploads.cancel()
  await showReports(1)
  photos.send("e.jpg")
  print("  d.jpg and e.jpg are never uploaded")
}
