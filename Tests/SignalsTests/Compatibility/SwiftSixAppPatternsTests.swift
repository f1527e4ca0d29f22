// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

// Linux only: these patterns compile with no `@unchecked` because Signals' subjects, `Future` and
// `AnyCancellable` are `Sendable`; Apple's are not (CombineCompatibility's table), so on Apple
// platforms the same code needs the boxes the SwiftUI guide shows.
#if !canImport(Combine)

import Foundation
import Signals
import Testing

// The patterns of a Swift 6 app, written as users write them, in Swift 6 language mode with
// complete checking. That they compile, with no `@unchecked`, `@preconcurrency`, `assumeIsolated`
// or `nonisolated(unsafe)` on the user's side, is the first half of each test: a change to Signals
// that breaks one fails CI here.

/// A service as apps have them: it owns the subject and publishes events from its own threads.
final class EventService: Sendable {
  let events = PassthroughSubject<String, Never>()

  func publish(_ event: String) { events.send(event) }
}

/// A main-actor view model with `@Published` state, fed by the service, delivered on the main
/// actor with closures the compiler checks.
@available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
@MainActor final class InboxViewModel: ObservableObject {
  @Published private(set) var messages: [String] = []
  @Published private(set) var unread = 0
  @Published var banner = ""
  private var subscriptions = Set<AnyCancellable>()

  init(service: EventService) {
    service.events
      .receive(on: .mainActor)
      .sink { [weak self] message in
        self?.messages.append(message)
        self?.unread += 1
      }
      .store(in: &subscriptions)
    // On the main actor first: in Swift 6 a closure written here is the main actor's, so `map`
    // would check it, as with Combine on Apple platforms, if it ran on the service's thread.
    service.events
      .receive(on: .mainActor)
      .map { "New: \($0)" }
      .assign(to: &$banner)
  }

  func markAllRead() { unread = 0 }
}

/// An actor that stores subjects and cancellables, and cancels from its nonisolated `deinit`.
actor SessionStore {
  let changes = PassthroughSubject<Int, Never>()
  let current = CurrentValueSubject<Int, Never>(0)
  private var subscriptions = Set<AnyCancellable>()
  private var total = 0

  func start(feeding source: PassthroughSubject<Int, Never>) {
    // Forwarded with `subscribe(_:)`: a `sink` closure written here would be the actor's, and
    // `source` sends from outside it.
    source
      .subscribe(changes)
      .store(in: &subscriptions)
    // Held weakly, so the stored cancellable does not keep the actor alive; a closure that does
    // not capture `self` strongly is not the actor's, so it calls back in with `await`.
    source.asyncSink { [weak self] value in
      await self?.add(value)
    }
    .store(in: &subscriptions)
  }

  var runningTotal: Int { total }

  private func add(_ value: Int) {
    total += value
    current.send(total)
  }

  deinit {
    for subscription in subscriptions {
      subscription.cancel()
    }
  }
}

@Suite(timeLimit(minutes: 1))
struct SwiftSixAppPatternsTests {
  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @MainActor @Test func aViewModelFedByAServiceUpdatesOnTheMainActor() async {
    let service = EventService()
    let model = InboxViewModel(service: service)
    let changed = Checkpoint()
    let watch = model.objectWillChange.sink { changed.signal() }
    await Task.detached { service.publish("hello") }.value
    // Three `@Published` writes: the message, the unread count and the banner.
    await changed.wait(for: 3)
    #expect(model.messages == ["hello"])
    #expect(model.unread == 1)
    #expect(model.banner == "New: hello")
    model.markAllRead()
    #expect(model.unread == 0)
    watch.cancel()
  }

  @Test func anActorHoldsSubjectsAndCancellablesAndReleasesThem() async {
    let source = PassthroughSubject<Int, Never>()
    var store: SessionStore? = SessionStore()
    weak let released = store
    let totals = Checkpoint()
    let watch = store!.current.dropFirst().sink { _ in totals.signal() }
    await store!.start(feeding: source)
    source.send(2)
    source.send(3)
    await totals.wait(for: 2)
    #expect(await store!.runningTotal == 5)
    store = nil
    #expect(released == nil)
    watch.cancel()
  }

  @MainActor @Test func aForAwaitLoopOnTheMainActorReadsAStream() async {
    let service = EventService()
    let stream = service.events.stream()
    var seen: [String] = []
    let reader = Task { @MainActor in
      for await event in stream {
        seen.append(event)
        if seen.count == 2 { break }
      }
    }
    await Task.detached {
      service.publish("a")
      service.publish("b")
    }.value
    await reader.value
    #expect(seen == ["a", "b"])
  }
}
#endif
