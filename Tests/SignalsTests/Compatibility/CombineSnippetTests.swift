// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
import Signals
import Testing

/// Code written for Combine, compiled unchanged against Signals: only `import Combine` became
/// `import Signals`. Each snippet prints into a log instead of the console, and the expected lines
/// are what Combine prints for the same code on Apple platforms.
struct CombineSnippetTests {
  /// A view model as people write it with Combine: a subject feeding a current-value store, a
  /// `sink` kept in a set of cancellables, `value` read and written, and a `Future` for a one-off
  /// fetch.
  final class FollowerStore {
    let followers = CurrentValueSubject<Int, Never>(0)
    let events = PassthroughSubject<String, Never>()
    var cancellables = Set<AnyCancellable>()
    var log: [String] = []

    func start() {
      followers
        .sink { [unowned self] count in self.log.append("followers: \(count)") }
        .store(in: &cancellables)
      events
        .sink(
          receiveCompletion: { [unowned self] completion in self.log.append("events: \(completion)") },
          receiveValue: { [unowned self] event in self.log.append("event: \(event)") }
        )
        .store(in: &cancellables)
    }

    func fetchFollowers() -> Future<Int, Error> {
      Future { promise in
        promise(.success(42))
      }
    }
  }

  @Test func followerStoreSnippetPrintsWhatCombinePrints() {
    let store = FollowerStore()
    store.start()
    store.followers.send(1)
    store.followers.value += 1
    store.log.append("value is \(store.followers.value)")
    store.events.send("opened")
    store.fetchFollowers()
      .sink(receiveCompletion: { store.log.append("fetch: \($0)") }, receiveValue: { store.followers.send($0) })
      .store(in: &store.cancellables)
    store.events.send(completion: .finished)
    store.events.send("ignored after completion")
    store.cancellables.removeAll()
    store.followers.send(99)
    store.log.append("value is \(store.followers.value)")

    #expect(
      store.log == [
        "followers: 0",
        "followers: 1",
        "followers: 2",
        "value is 2",
        "event: opened",
        "followers: 42",
        "fetch: finished",
        "events: finished",
        "value is 99",
      ]
    )
  }

  @Test func erasedPublisherSnippetPrintsWhatCombinePrints() {
    var log: [String] = []
    var bag: [AnyCancellable] = []
    let subject = PassthroughSubject<Int, Never>()
    let publisher: AnyPublisher<Int, Never> = subject.eraseToAnyPublisher()
    var cancellable: AnyCancellable? = publisher.sink { log.append("got \($0)") }
    subject.send(1)
    cancellable?.cancel()
    subject.send(2)
    cancellable = nil
    Just("done").sink { log.append($0) }.store(in: &bag)
    #expect(log == ["got 1", "done"])
    #expect(bag.count == 1)
  }
}
