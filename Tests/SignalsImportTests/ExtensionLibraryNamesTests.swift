// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

// This target imports Signals alone, as an app that also depends on an extension library such as
// CombineExt does, and declares the public names such libraries define (as CombineExt spells them)
// in its own extensions. If `import Signals` declared any of them too, this file would stop
// compiling with "ambiguous type name" or "ambiguous use of": the extras live in `SignalsExt`.

import Signals
import Testing

// MARK: Names an extension library declares

extension Publishers {
  /// A callback-wrapping publisher, as `Publishers.Create` in CombineExt.
  struct Create<Output, Failure: Error>: Publisher {
    let values: [Output]

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      values.publisher.setFailureType(to: Failure.self).receive(subscriber: subscriber)
    }
  }

  /// A publisher of events, as `Publishers.Materialize` in CombineExt.
  struct Materialize<Upstream: Publisher>: Publisher {
    typealias Output = Event<Upstream.Output, Upstream.Failure>
    typealias Failure = Never

    let upstream: Upstream

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
      upstream.map { Event.value($0) }
        .catch { Just(Event.failure($0)) }
        .append(Just(Event.finished))
        .receive(subscriber: subscriber)
    }
  }
}

extension Publishers {
  /// A value of one publisher with the latest of another, as `Publishers.WithLatestFrom` in
  /// CombineExt.
  struct WithLatestFrom<Upstream: Publisher, Other: Publisher, Output>: Publisher
  where Upstream.Failure == Other.Failure {
    typealias Failure = Upstream.Failure

    let upstream: Upstream
    let second: Other
    let resultSelector: (Upstream.Output, Other.Output) -> Output

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.combineLatest(second).map(resultSelector).receive(subscriber: subscriber)
    }
  }
}

/// One event of a publisher, as `Event` in CombineExt.
enum Event<Output, Failure: Error> {
  case value(Output)
  case failure(Failure)
  case finished
}

/// How `assign(to:on:ownership:)` holds its object, as `ObjectOwnership` in CombineExt.
enum ObjectOwnership {
  case strong
  case weak
  case unowned
}

/// A subject that replays values to late subscribers, as `ReplaySubject` in CombineExt.
final class ReplaySubject<Output, Failure: Error>: Subject, @unchecked Sendable {
  // Safety: used by one thread in these tests; a stand-in for a library's own type.
  private let subject = PassthroughSubject<Output, Failure>()
  private var buffer: [Output] = []
  private let bufferSize: Int

  init(bufferSize: Int) {
    self.bufferSize = bufferSize
  }

  func send(_ value: Output) {
    buffer = Array((buffer + [value]).suffix(bufferSize))
    subject.send(value)
  }

  func send(completion: Subscribers.Completion<Failure>) { subject.send(completion: completion) }

  func send(subscription: any Subscription) { subscription.request(.unlimited) }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subject.prepend(buffer).receive(subscriber: subscriber)
  }
}

extension Publisher {
  /// As CombineExt's `share(replay:)`.
  func share(replay count: Int) -> AnyPublisher<Output, Failure> {
    multicast { ReplaySubject<Output, Failure>(bufferSize: count) }.autoconnect().eraseToAnyPublisher()
  }

  /// As CombineExt's `materialize()`.
  func materialize() -> Publishers.Materialize<Self> {
    Publishers.Materialize(upstream: self)
  }
}

extension Publisher {
  /// As CombineExt's `withLatestFrom(_:resultSelector:)`.
  func withLatestFrom<Other: Publisher, Result>(
    _ other: Other, resultSelector: @escaping (Output, Other.Output) -> Result
  ) -> Publishers.WithLatestFrom<Self, Other, Result> {
    Publishers.WithLatestFrom(upstream: self, second: other, resultSelector: resultSelector)
  }
}

extension Collection where Element: Publisher {
  /// As CombineExt's `merge()` on a collection of publishers.
  func merge() -> Publishers.MergeMany<Element> {
    Publishers.MergeMany(Array(self))
  }

  /// As CombineExt's `combineLatest()` on a collection of publishers.
  func combineLatest() -> AnyPublisher<[Element.Output], Element.Failure> {
    reduce(Just([Element.Output]()).setFailureType(to: Element.Failure.self).eraseToAnyPublisher()) { all, next in
      all.combineLatest(next) { $0 + [$1] }.eraseToAnyPublisher()
    }
  }

  /// As CombineExt's `zip()` on a collection of publishers.
  func zip() -> AnyPublisher<[Element.Output], Element.Failure> {
    reduce(Just([Element.Output]()).setFailureType(to: Element.Failure.self).eraseToAnyPublisher()) { all, next in
      all.zip(next) { $0 + [$1] }.eraseToAnyPublisher()
    }
  }
}

extension Publisher where Failure == Never {
  /// As CombineExt's `assign(to:on:ownership:)`, whose `ownership` has a default: the call of
  /// Combine's `assign(to:on:)` inside it must resolve to Combine's, not be ambiguous.
  func assign<Root: AnyObject>(
    to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root, ownership: ObjectOwnership = .strong
  ) -> AnyCancellable {
    switch ownership {
    case .strong:
      return assign(to: keyPath, on: object)
    case .weak, .unowned:
      return sink { [weak object] value in object?[keyPath: keyPath] = value }
    }
  }
}

extension Publisher {
  /// A library's `sink` with one extra defaulted parameter, the shape of CombineExt's
  /// `assign(to:on:ownership:)`: the call of Combine's form inside it must not be ambiguous.
  func sink(
    label: String = "", receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
  }

  /// The same shape for `handleEvents`.
  func handleEvents(
    label: String = "", receiveOutput: ((Output) -> Void)? = nil
  ) -> Publishers.HandleEvents<Self> {
    handleEvents(
      receiveSubscription: nil, receiveOutput: receiveOutput, receiveCompletion: nil, receiveCancel: nil,
      receiveRequest: nil)
  }
}

extension Publisher where Failure == Never {
  /// The same shape for `sink(receiveValue:)`.
  func sink(label: String = "", receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    sink(receiveValue: receiveValue)
  }
}

// MARK: Using them next to Signals

private final class Thermometer {
  var reading = 0
}

struct ExtensionLibraryNamesTests {
  @Test func anExtensionLibrarysNamesResolveToItsOwnDeclarations() {
    var events: [String] = []
    let cancellable = Publishers.Create<Int, Never>(values: [1, 2]).materialize().sink { event in
      switch event {
      case .value(let value): events.append("value \(value)")
      case .failure: events.append("failure")
      case .finished: events.append("finished")
      }
    }
    #expect(events == ["value 1", "value 2", "finished"])
    cancellable.cancel()
  }

  @Test func anExtensionLibrarysOperatorsSitBesideSignalsOwn() {
    let subject = PassthroughSubject<Int, Never>()
    let shared = subject.map { $0 * 10 }.share(replay: 1)
    let thermometer = Thermometer()
    subject.send(1)
    let assigned = shared.assign(to: \.reading, on: thermometer, ownership: .weak)
    subject.send(2)
    #expect(thermometer.reading == 20)
    assigned.cancel()
  }

  @Test func anExtensionLibrarysCombiningOperatorsResolveToItsOwn() {
    let left = PassthroughSubject<Int, Never>()
    let right = PassthroughSubject<Int, Never>()
    var merged: [Int] = []
    var sums: [Int] = []
    let mergeCancellable = [left, right].merge().sink { merged.append($0) }
    let latestCancellable = left.withLatestFrom(right) { $0 + $1 }.sink { sums.append($0) }
    right.send(10)
    left.send(1)
    #expect(merged == [10, 1])
    #expect(sums == [11])
    mergeCancellable.cancel()
    latestCancellable.cancel()
  }

  @Test func combinesOwnFormsAreCalledInsideALibrarysOverloadsWithDefaultedParameters() {
    let thermometer = Thermometer()
    var seen: [Int] = []
    let assigned = Just(21).assign(to: \.reading, on: thermometer)
    let labelled = Just(22).sink(label: "a") { seen.append($0) }
    let traced = Just(23).handleEvents(label: "b", receiveOutput: { seen.append($0) }).sink(label: "c") { _ in }
    #expect(thermometer.reading == 21)
    #expect(seen == [22, 23])
    assigned.cancel()
    labelled.cancel()
    traced.cancel()
  }
}
