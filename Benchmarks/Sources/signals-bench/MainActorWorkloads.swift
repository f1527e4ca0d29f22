// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

// Main-actor delivery (issue 21): `receive(on: .mainActor)` followed by a sink with a `@MainActor`
// closure, sent on the main actor (the inline case), against a plain sink in the same run.

import Signals

/// Main-actor state, as a view model holds it.
@MainActor final class MainActorTally {
  var sum = 0
}

enum MainActorWorkloads {
  /// One subject, `receive(on: .mainActor)`, one sink with a `@MainActor` closure; every value is
  /// sent on the main actor, so each is delivered inline.
  static let inline: Body = { elements, lap in
    await MainActor.run {
      let subject = PassthroughSubject<Int, Never>()
      let tally = MainActorTally()
      let cancellable = subject.receive(on: .mainActor).sink { tally.sum &+= $0 }
      lap.begin()
      for _ in 0..<elements { subject.send(1) }
      lap.end()
      cancellable.cancel()
      return tally.sum
    }
  }

  /// The same subject and the same main-actor state, with a plain `sink` attached on the main
  /// actor: in Swift 6 its closure is the main actor's, and checks so each time it runs (the
  /// compiler's check, as with Combine), sent on the main actor.
  static let checkedSink: Body = { elements, lap in
    await MainActor.run {
      let subject = PassthroughSubject<Int, Never>()
      let tally = MainActorTally()
      let cancellable = subject.sink { tally.sum &+= $0 }
      lap.begin()
      for _ in 0..<elements { subject.send(1) }
      lap.end()
      cancellable.cancel()
      return tally.sum
    }
  }

  /// A plain sink attached from nonisolated code: the Combine path, unchecked.
  static let plainSink: Body = { elements, lap in
    await MainActor.run {
      let subject = PassthroughSubject<Int, Never>()
      let tally = Tally()
      let cancellable = attachUnchecked(subject, tally)
      lap.begin()
      for _ in 0..<elements { subject.send(1) }
      lap.end()
      cancellable.cancel()
      return tally.sum
    }
  }
}

/// A sink attached outside any actor: its closure is not isolated, so nothing checks it.
private nonisolated func attachUnchecked(_ subject: PassthroughSubject<Int, Never>, _ tally: Tally) -> AnyCancellable {
  subject.sink { tally.sum &+= $0 }
}

let mainActorCatalog: [Workload] = [
  Workload(
    name: "MainActorInline", summary: "subject → receive(on: .mainActor) → @MainActor sink, sent on the main actor",
    unit: "value", quick: 1_000_000, full: 10_000_000,
    signals: MainActorWorkloads.inline,
    peers: [
      Contender(label: "plain sink", body: MainActorWorkloads.plainSink),
      Contender(label: "sink checked on the main actor", body: MainActorWorkloads.checkedSink),
    ],
    targets: [Target(reference: "plain sink", maxRatio: 1.2, text: "within 1.2× of a plain sink")],
    wantsZeroAllocations: true)
]
