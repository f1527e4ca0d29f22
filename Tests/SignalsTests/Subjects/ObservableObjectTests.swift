// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

private class Account: ObservableObject {
  @Published var balance = 0
  @Published var owner = "ada"
  var note = "not published"
}

private final class SavingsAccount: Account {
  @Published var rate = 1.5
  @Published var locked = false
}

/// No `@Published` property: changes are announced by hand.
private final class Thermostat: ObservableObject {
  var target = 20 {
    willSet { objectWillChange.send() }
  }
}

private final class Empty: ObservableObject {}

private final class Sensor: ObservableObject, @unchecked Sendable {
  // Safety: the only stored properties are `@Published`, whose storage is behind a lock.
  @Published var reading = 0.0
  @Published var unit = "C"
}

/// Declares its own publisher: `@Published` properties do not signal it, as in Combine.
private final class CustomSignal: ObservableObject {
  let objectWillChange = ObservableObjectPublisher()
  @Published var value = 0
}

/// A publisher other than `ObservableObjectPublisher`.
private final class Relay: ObservableObject {
  let objectWillChange = PassthroughSubject<Int, Never>()
  @Published var value = 0
}

struct ObservableObjectTests {
  @Test func firesOncePerChangeOfEveryPublishedProperty() {
    let account = Account()
    let recorder = TestSubscriber<Void, Never>()
    account.objectWillChange.subscribe(recorder)
    account.balance += 10
    account.owner = "grace"
    account.balance = 10
    account.note = "ignored"
    #expect(recorder.values.count == 3)
  }

  @Test func firesBeforeTheValueChanges() {
    let account = Account()
    var seen: [Int] = []
    let cancellable = account.objectWillChange.sink { seen.append(account.balance) }
    account.balance = 5
    account.balance = 7
    #expect(seen == [0, 5])
    cancellable.cancel()
  }

  @Test func firesBeforeThePropertySubscribersReceiveTheValue() {
    let account = Account()
    var log: [String] = []
    let willChange = account.objectWillChange.sink { log.append("will change") }
    let balance = account.$balance.dropFirstValue { log.append("balance \($0)") }
    account.balance = 3
    #expect(log == ["will change", "balance 3"])
    willChange.cancel()
    balance.cancel()
  }

  @Test func subclassAndSuperclassPropertiesAllSignal() {
    let account = SavingsAccount()
    let recorder = TestSubscriber<Void, Never>()
    account.objectWillChange.subscribe(recorder)
    account.balance = 1
    account.owner = "alan"
    account.rate = 2
    account.locked = true
    #expect(recorder.values.count == 4)
  }

  @Test func returnsTheSameInstanceOnEveryRead() {
    let account = SavingsAccount()
    let first = account.objectWillChange
    let second = account.objectWillChange
    #expect(first === second)
    let other = SavingsAccount()
    #expect(other.objectWillChange !== first)
  }

  @Test func classWithoutPublishedPropertiesKeepsOnePublisher() {
    let thermostat = Thermostat()
    #expect(thermostat.objectWillChange === thermostat.objectWillChange)
    let recorder = TestSubscriber<Void, Never>()
    thermostat.objectWillChange.subscribe(recorder)
    thermostat.target = 22
    thermostat.target = 23
    #expect(recorder.values.count == 2)
    let empty = Empty()
    #expect(empty.objectWillChange === empty.objectWillChange)
    #expect(empty.objectWillChange !== thermostat.objectWillChange)
  }

  @Test func customPublisherIsNotSignalledByPublishedProperties() {
    let custom = CustomSignal()
    let recorder = TestSubscriber<Void, Never>()
    custom.objectWillChange.subscribe(recorder)
    custom.value = 1
    #expect(recorder.values.isEmpty)
    let relay = Relay()
    let relayed = TestSubscriber<Int, Never>()
    relay.objectWillChange.subscribe(relayed)
    relay.value = 1
    #expect(relayed.events == [.subscription])
  }

  @Test func doesNotKeepTheObjectAlive() {
    weak var weakAccount: SavingsAccount?
    weak var weakThermostat: Thermostat?
    let recorder = TestSubscriber<Void, Never>()
    do {
      let account = SavingsAccount()
      weakAccount = account
      account.objectWillChange.subscribe(recorder)
      let thermostat = Thermostat()
      weakThermostat = thermostat
      thermostat.objectWillChange.subscribe(recorder)
    }
    #expect(weakAccount == nil)
    #expect(weakThermostat == nil)
  }

  @Test func concurrentFirstReadsAgreeOnOneInstance() {
    for _ in 0..<50 {
      let account = Sensor()
      let seen = LockedState<[ObjectIdentifier]>.make([])
      DispatchQueue.concurrentPerform(iterations: 8) { _ in
        let publisher = account.objectWillChange
        seen.withLock { $0.append(ObjectIdentifier(publisher)) }
      }
      let identifiers = seen.withLock { $0 }
      #expect(Set(identifiers).count == 1)
      #expect(identifiers.first == ObjectIdentifier(account.objectWillChange))
    }
  }
}

extension Publisher where Failure == Never {
  /// Calls `body` with every value but the first (the current value of a `$property`).
  fileprivate func dropFirstValue(_ body: @escaping (Output) -> Void) -> AnyCancellable {
    var isFirst = true
    return sink { value in
      if isFirst {
        isFirst = false
      } else {
        body(value)
      }
    }
  }
}
