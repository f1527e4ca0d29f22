// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// The subscriber attached to one input of a combining operator: it tags each event with the
/// input's index and hands it to the shared ``CombiningStorage``.
struct CombiningSide<Input, Downstream: Subscriber>: Subscriber, CustomStringConvertible {
  typealias Failure = Downstream.Failure

  let combineIdentifier = CombineIdentifier()
  private let storage: CombiningStorage<Downstream>
  private let index: Int

  init(storage: CombiningStorage<Downstream>, index: Int) {
    self.storage = storage
    self.index = index
  }

  var description: String { storage.description }

  func receive(subscription: any Subscription) {
    storage.receive(subscription: subscription, at: index)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    storage.receive(input, at: index)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    storage.receive(completion: completion, at: index)
  }
}

/// The subscriber attached to one input of a `merge`, whose values are the outputs: it tags each
/// event with the input's index and hands it to the shared ``CombiningStorage``.
struct MergingSide<Downstream: Subscriber>: Subscriber, CustomStringConvertible {
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  let combineIdentifier = CombineIdentifier()
  private let storage: CombiningStorage<Downstream>
  private let index: Int

  init(storage: CombiningStorage<Downstream>, index: Int) {
    self.storage = storage
    self.index = index
  }

  var description: String { storage.description }

  func receive(subscription: any Subscription) {
    storage.receive(subscription: subscription, at: index)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    storage.receiveMerged(input, at: index)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    storage.receive(completion: completion, at: index)
  }
}

extension CombiningStorage {
  /// Subscribes `publisher` as input `index`, with a side for that index.
  func attach<P: Publisher>(_ publisher: P, at index: Int) where P.Failure == Failure {
    publisher.subscribe(CombiningSide<P.Output, Downstream>(storage: self, index: index))
  }

  /// Subscribes `publisher` as input `index` of a `merge`, with a merging side.
  func attachMerged<P: Publisher>(_ publisher: P, at index: Int) where P.Output == Output, P.Failure == Failure {
    publisher.subscribe(MergingSide<Downstream>(storage: self, index: index))
  }
}
#endif
