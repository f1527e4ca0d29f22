// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// The events of one input of a `combineLatest` or `zip`, whose inputs differ in type: a receiver
/// for each input type, forwarding to the shared ``CombiningStorage`` with the input's index.
struct CombiningInput<Input, Downstream: Subscriber>: TaggedEventsReceiver {
  typealias SideFailure = Downstream.Failure

  let storage: CombiningStorage<Downstream>

  var sideDescription: String { storage.description }

  func sideReceive(subscription: any Subscription, from index: Int) {
    storage.receive(subscription: subscription, at: index)
  }

  func sideReceive(_ input: Input, from index: Int) -> Subscribers.Demand {
    storage.receive(input, at: index)
  }

  func sideReceive(completion: Subscribers.Completion<Downstream.Failure>, from index: Int) {
    storage.receive(completion: completion, at: index)
  }
}

/// The events of the inputs of a `merge`, whose values are the outputs, tagged with each input's
/// index.
extension CombiningStorage: TaggedEventsReceiver {
  var sideDescription: String { description }

  func sideReceive(subscription: any Subscription, from index: Int) {
    receive(subscription: subscription, at: index)
  }

  func sideReceive(_ input: Output, from index: Int) -> Subscribers.Demand {
    receiveMerged(input, at: index)
  }

  func sideReceive(completion: Subscribers.Completion<Failure>, from index: Int) {
    receive(completion: completion, at: index)
  }
}

extension CombiningStorage {
  /// Subscribes `publisher` as input `index`.
  func attach<P: Publisher>(_ publisher: P, at index: Int) where P.Failure == Failure {
    publisher.subscribe(TaggedSubscriber(CombiningInput<P.Output, Downstream>(storage: self), tag: index))
  }

  /// Subscribes `publisher` as input `index` of a `merge`.
  func attachMerged<P: Publisher>(_ publisher: P, at index: Int) where P.Output == Output, P.Failure == Failure {
    publisher.subscribe(TaggedSubscriber(self, tag: index))
  }
}
#endif
