// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// What an operator with several inputs implements to take their events: each event arrives
/// with the tag of the input it came from (an index, an inner publisher's id).
///
/// The receiver is usually the operator's storage itself; an operator whose inputs differ in
/// type (`combineLatest`, `zip`) gives each input type a small receiver value that forwards to the
/// storage.
protocol TaggedEventsReceiver {
  /// Which input an event came from.
  associatedtype Tag
  /// The value type of the inputs this receiver takes.
  associatedtype SideInput
  /// The failure type of the inputs this receiver takes.
  associatedtype SideFailure: Error

  /// The name the inputs' subscribers show, as Combine's do.
  var sideDescription: String { get }

  /// The children an input's subscriber shows in its mirror, as Combine's do; none by default.
  var sideMirrorChildren: KeyValuePairs<String, Any> { get }

  /// The input tagged `tag` received its subscription.
  func sideReceive(subscription: any Subscription, from tag: Tag)

  /// The input tagged `tag` sent a value; returns the demand for that input.
  func sideReceive(_ input: SideInput, from tag: Tag) -> Subscribers.Demand

  /// The input tagged `tag` completed.
  func sideReceive(completion: Subscribers.Completion<SideFailure>, from tag: Tag)
}

extension TaggedEventsReceiver {
  var sideMirrorChildren: KeyValuePairs<String, Any> { [:] }
}

/// The one subscriber attached to each input of an operator with several (`merge`,
/// `combineLatest`, `zip`, `flatMap`'s and `switchToLatest()`'s inner publishers): it tags each
/// event with its input's tag and hands it to the operator's ``TaggedEventsReceiver``.
///
/// A value type with no state of its own: the receiver decides everything, under its own lock.
struct TaggedSubscriber<Receiver: TaggedEventsReceiver>: Subscriber, CustomStringConvertible, CustomReflectable,
  CustomPlaygroundDisplayConvertible
{
  typealias Input = Receiver.SideInput
  typealias Failure = Receiver.SideFailure

  let combineIdentifier = CombineIdentifier()
  private let receiver: Receiver
  private let tag: Receiver.Tag

  init(_ receiver: Receiver, tag: Receiver.Tag) {
    self.receiver = receiver
    self.tag = tag
  }

  var description: String { receiver.sideDescription }

  var customMirror: Mirror { Mirror(self, children: receiver.sideMirrorChildren) }

  var playgroundDescription: Any { description }

  func receive(subscription: any Subscription) {
    receiver.sideReceive(subscription: subscription, from: tag)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    receiver.sideReceive(input, from: tag)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    receiver.sideReceive(completion: completion, from: tag)
  }
}
#endif
