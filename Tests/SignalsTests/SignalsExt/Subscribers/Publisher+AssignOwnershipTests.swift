// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsExt
import SignalsTesting
import Testing

struct AssignOwnershipTests {
  private final class Model: @unchecked Sendable {
    // Safety: touched only by the test's own thread.
    var count = 0
  }

  @Test(arguments: [ObjectOwnership.strong, .weak, .unowned])
  func assignWritesEachValue(ownership: ObjectOwnership) {
    let model = Model()
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = subject.assign(to: \.count, on: model, ownership: ownership)
    subject.send(1)
    subject.send(4)
    #expect(model.count == 4)
    cancellable.cancel()
    subject.send(9)
    #expect(model.count == 4)
  }

  @Test func strongOwnershipKeepsTheObjectAlive() {
    let subject = PassthroughSubject<Int, Never>()
    weak var weakModel: Model?
    var cancellable: AnyCancellable?
    do {
      let model = Model()
      weakModel = model
      cancellable = subject.assign(to: \.count, on: model, ownership: .strong)
    }
    #expect(weakModel != nil)
    cancellable?.cancel()
    cancellable = nil
    #expect(weakModel == nil)
  }

  @Test func weakOwnershipLetsTheObjectGoAndDropsLaterValues() {
    let subject = PassthroughSubject<Int, Never>()
    weak var weakModel: Model?
    var cancellable: AnyCancellable?
    do {
      let model = Model()
      weakModel = model
      cancellable = subject.assign(to: \.count, on: model, ownership: .weak)
    }
    #expect(weakModel == nil)
    subject.send(1)
    withExtendedLifetime(cancellable) {}
  }

  @Test func selfAssignmentWithWeakOwnershipHasNoCycle() {
    final class Owner: @unchecked Sendable {
      // Safety: touched only by the test's own thread.
      var value = 0
      var cancellable: AnyCancellable?
      init(_ subject: PassthroughSubject<Int, Never>) {
        cancellable = subject.assign(to: \.value, on: self, ownership: .weak)
      }
    }
    let subject = PassthroughSubject<Int, Never>()
    weak var weakOwner: Owner?
    do {
      let owner = Owner(subject)
      subject.send(3)
      #expect(owner.value == 3)
      weakOwner = owner
    }
    #expect(weakOwner == nil)
  }
}
