// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import Testing

/// A subscriber that holds its subscription only until it cancels or completes (or, when
/// `keepsSubscription`, for as long as it lives), and watches the subscription object weakly, so a
/// test can tell whether the pipeline let go of everything.
final class LifetimeProbe<Input, Failure: Error>: Subscriber {
  let combineIdentifier = CombineIdentifier()
  private let keepsSubscription: Bool
  private var subscription: (any Subscription)?
  /// The subscription object, if the subscription is a class instance.
  private(set) weak var watchedSubscription: AnyObject?
  private(set) var valueCount = 0
  private(set) var completionCount = 0

  init(keepsSubscription: Bool = false) {
    self.keepsSubscription = keepsSubscription
  }

  func receive(subscription: any Subscription) {
    self.subscription = subscription
    if Mirror(reflecting: subscription).displayStyle == .class {
      watchedSubscription = subscription as AnyObject
    }
    subscription.request(.unlimited)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    valueCount += 1
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    completionCount += 1
    if !keepsSubscription { subscription = nil }
  }

  func cancel() {
    subscription?.cancel()
    if !keepsSubscription { subscription = nil }
  }
}

/// How a lifetime check ends the subscription it watches.
enum LifetimeEnding: CaseIterable, CustomStringConvertible {
  case cancel, finish, fail

  var description: String {
    switch self {
    case .cancel: "cancel"
    case .finish: "finish"
    case .fail: "fail"
    }
  }
}

/// Checks that a pipeline releases the subscriber and every object it made once the subscription
/// ends — by cancel, by the upstream finishing and by the upstream failing — while the upstream
/// subject itself stays alive (so nothing is released merely because everything was).
///
/// ```swift
/// @Test func mapReleasesEverything() {
///   checkReleasesEverything { $0.map { $0 * 2 } }
/// }
/// ```
///
/// - Parameters:
///   - endings: The endings to check; all three by default. An operator that ends on its own
///     before the upstream does (`first()`, `prefix`) still has to release everything.
///   - subscriberKeepsSubscription: Whether the subscriber keeps its subscription after the end,
///     as many hand-written subscribers do. Then only a pipeline whose subscription lets go of the
///     subscriber at the end is released: Combine's relays (`map`, `filter`, `scan`, `mapError`,
///     …) are, since the subscription is the upstream's own.
///   - settle: Runs pending scheduled work (a `TestScheduler`'s `run()`), after the values and
///     again after the ending, so work a scheduler holds on to is not mistaken for a leak.
///   - makePipeline: Builds the pipeline on the given upstream.
func checkReleasesEverything<P: Publisher>(
  endings: [LifetimeEnding] = LifetimeEnding.allCases,
  subscriberKeepsSubscription: Bool = false,
  settle: () -> Void = {},
  sourceLocation: SourceLocation = #_sourceLocation,
  _ makePipeline: (PassthroughSubject<Int, TestError>) -> P
) {
  for ending in endings {
    let subject = PassthroughSubject<Int, TestError>()
    weak var weakProbe: LifetimeProbe<P.Output, P.Failure>?
    weak var weakSubscription: AnyObject?
    do {
      let probe = LifetimeProbe<P.Output, P.Failure>(keepsSubscription: subscriberKeepsSubscription)
      makePipeline(subject).subscribe(probe)
      subject.send(1)
      subject.send(2)
      settle()
      weakSubscription = probe.watchedSubscription
      let completionsBefore = probe.completionCount
      switch ending {
      case .cancel: probe.cancel()
      case .finish: subject.send(completion: .finished)
      case .fail: subject.send(completion: .failure(TestError()))
      }
      settle()
      #expect(probe.completionCount <= 1, "at most one completion", sourceLocation: sourceLocation)
      if ending == .cancel {
        #expect(
          probe.completionCount == completionsBefore, "no completion after cancel", sourceLocation: sourceLocation)
      }
      weakProbe = probe
    }
    #expect(weakProbe == nil, "the subscriber is still referenced after \(ending)", sourceLocation: sourceLocation)
    #expect(
      weakSubscription == nil, "the subscription is still referenced after \(ending)", sourceLocation: sourceLocation)
    withExtendedLifetime(subject) {}
  }
}
