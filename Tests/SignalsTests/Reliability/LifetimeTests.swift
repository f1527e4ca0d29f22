// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsTesting
import Testing

/// `sink` and `assign` let go of their closures and object once the subscription ends — by
/// cancel, by finishing and by failing. The operators are checked in `OperatorReliabilityTests`.
struct LifetimeTests {
  @Test func subscribersReleaseTheirClosuresAndObjects() {
    final class Target { var value = 0 }
    for ending in LifetimeEnding.allCases {
      let failing = PassthroughSubject<Int, TestError>()
      let plain = PassthroughSubject<Int, Never>()
      weak var weakTarget: Target?
      var cancellables = Set<AnyCancellable>()
      do {
        let target = Target()
        weakTarget = target
        failing.sink(receiveCompletion: { _ in _ = target }, receiveValue: { target.value = $0 })
          .store(in: &cancellables)
        plain.assign(to: \.value, on: target).store(in: &cancellables)
      }
      failing.send(1)
      plain.send(1)
      switch ending {
      case .cancel:
        cancellables.removeAll()
      case .finish:
        failing.send(completion: .finished)
        plain.send(completion: .finished)
      case .fail:
        failing.send(completion: .failure(TestError()))
        plain.send(completion: .finished)
      }
      #expect(weakTarget == nil, "sink and assign let go of their closures and object after \(ending)")
      withExtendedLifetime(cancellables) {}
    }
  }
}
