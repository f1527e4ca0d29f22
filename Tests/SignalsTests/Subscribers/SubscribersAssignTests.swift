// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

struct SubscribersAssignTests {
  final class Label {
    var text = ""
  }

  @Test func writesEachValueToTheProperty() {
    let label = Label()
    let subject = PassthroughSubject<String, Never>()
    let cancellable = subject.assign(to: \.text, on: label)
    subject.send("one")
    #expect(label.text == "one")
    subject.send("two")
    #expect(label.text == "two")
    cancellable.cancel()
    subject.send("three")
    #expect(label.text == "two")
  }

  @Test func asksForUnlimitedValues() {
    let upstream = TestPublisher<String, Never>()
    let cancellable = upstream.assign(to: \.text, on: Label())
    #expect(upstream.subscription.events == [.requested(.unlimited)])
    cancellable.cancel()
    #expect(upstream.subscription.events == [.requested(.unlimited), .cancelled])
  }

  @Test func holdsTheObjectUntilCompletion() {
    weak var weakLabel: Label?
    let subject = PassthroughSubject<String, Never>()
    var cancellable: AnyCancellable?
    do {
      let label = Label()
      weakLabel = label
      cancellable = subject.assign(to: \.text, on: label)
    }
    #expect(weakLabel != nil)
    subject.send(completion: .finished)
    #expect(weakLabel == nil)
    withExtendedLifetime(cancellable) {}
  }

  @Test func cancelReleasesTheObject() {
    weak var weakLabel: Label?
    let subject = PassthroughSubject<String, Never>()
    var cancellable: AnyCancellable?
    do {
      let label = Label()
      weakLabel = label
      cancellable = subject.assign(to: \.text, on: label)
    }
    cancellable?.cancel()
    #expect(weakLabel == nil)
  }

  @Test func valuesAfterCancelOrCompletionAreNotWritten() {
    let label = Label()
    let assign = Subscribers.Assign(object: label, keyPath: \.text)
    let upstream = TestPublisher<String, Never>()
    upstream.subscribe(assign)
    upstream.send("a")
    assign.cancel()
    upstream.send("b")
    #expect(label.text == "a")

    let completed = Subscribers.Assign(object: label, keyPath: \.text)
    let finishing = TestPublisher<String, Never>()
    finishing.subscribe(completed)
    finishing.send(completion: .finished)
    finishing.send("c")
    #expect(label.text == "a")
  }

  @Test func exposesObjectAndKeyPath() {
    let label = Label()
    let assign = Subscribers.Assign(object: label, keyPath: \Label.text)
    #expect(assign.object === label)
    #expect(assign.keyPath == \Label.text)
    #expect(assign.description == "Assign Label.")
    assign.receive(subscription: TestSubscription())
    assign.cancel()
    #expect(assign.object == nil)
  }

  @Test func describesItselfWithTheRootTypeAsCombine() {
    let assign = Subscribers.Assign(object: Label(), keyPath: \Label.text)
    #expect(assign.description == "Assign Label.")
    #expect(assign.playgroundDescription as? String == "Assign Label.")
    let labels = assign.customMirror.children.map(\.label)
    #expect(labels == ["object", "keyPath", "status"])
  }

  @Test func writesOnlyWhileSubscribed() {
    let label = Label()
    let assign = Subscribers.Assign(object: label, keyPath: \Label.text)
    #expect(assign.receive("early") == .none)
    #expect(label.text == "", "a value before the subscription is not written")
    assign.receive(subscription: TestSubscription())
    _ = assign.receive("on time")
    #expect(label.text == "on time")
    assign.receive(completion: .finished)
    _ = assign.receive("late")
    #expect(label.text == "on time")
  }

  @Test func cancelAndCompletionBeforeTheSubscriptionAreIgnoredAsInCombine() {
    let label = Label()
    let assign = Subscribers.Assign(object: label, keyPath: \Label.text)
    assign.cancel()
    assign.receive(completion: .finished)
    #expect(assign.object === label, "the object is kept")
    let subscription = TestSubscription()
    assign.receive(subscription: subscription)
    #expect(subscription.events == [.requested(.unlimited)], "a later subscription is still accepted")
    _ = assign.receive("late but subscribed")
    #expect(label.text == "late but subscribed")
  }
}

/// `assign` from a main-actor view model, fed on the main actor.
@Suite(timeLimit(minutes: 1))
struct AssignIsolationTests {
  @MainActor final class Screen: ObservableObject {
    @Published var title = ""
    var count = 0
    var subscriptions = Set<AnyCancellable>()
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @MainActor @Test func assignOnTheMainActorFedOnTheMainActorWrites() {
    let events = PassthroughSubject<Int, Never>()
    let screen = Screen()
    events.assign(to: \.count, on: screen).store(in: &screen.subscriptions)
    events.map { "\($0)" }.assign(to: &screen.$title)
    events.send(4)
    #expect(screen.count == 4)
    #expect(screen.title == "4")
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @MainActor @Test func assignAfterReceiveOnMainActorWritesValuesFromAnyThread() async {
    let events = PassthroughSubject<Int, Never>()
    let screen = Screen()
    let written = Checkpoint()
    let observation = screen.objectWillChange.sink { written.signal() }
    events.receive(on: .mainActor).map { "\($0)" }.assign(to: &screen.$title)
    await Task.detached { events.send(7) }.value
    await written.wait(for: 1)
    #expect(screen.title == "7")
    observation.cancel()
  }
}
