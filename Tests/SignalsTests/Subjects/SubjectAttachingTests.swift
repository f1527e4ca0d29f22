// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
import Signals
import SignalsCombine
import Testing

/// The one seam through which `sink` and `stream()` attach to a subject without a subscriber
/// object: which publishers it takes, and that what it attaches behaves as the subscriber it
/// stands in for.
struct SubjectAttachingTests {
  /// Records what a stream's `yield` and `finish` receive.
  private final class Received: @unchecked Sendable {
    // Safety: written and read on the test's thread only (the subject delivers on the sender's).
    var values: [Int] = []
    var completions: [Subscribers.Completion<Never>] = []
  }

  @Test func aPassthroughSubjectYieldsEachValueToAnAttachedStreamUntilCancelled() throws {
    let subject = PassthroughSubject<Int, Never>()
    let received = Received()
    let attached = SubjectAttaching.attachStream(
      to: subject, yield: { received.values.append($0) }, finish: { received.completions.append($0) })
    let attachment = try #require(attached)
    subject.send(1)
    subject.send(2)
    attachment.cancel()
    subject.send(3)
    subject.send(completion: .finished)
    #expect(received.values == [1, 2])
    #expect(received.completions.isEmpty, "a cancelled stream is not finished by the subject")
  }

  @Test func aPassthroughSubjectFinishesAnAttachedStreamWithItsCompletion() throws {
    let subject = PassthroughSubject<Int, Never>()
    let received = Received()
    let attached = SubjectAttaching.attachStream(
      to: subject, yield: { received.values.append($0) }, finish: { received.completions.append($0) })
    let attachment = try #require(attached)
    subject.send(7)
    subject.send(completion: .finished)
    subject.send(8)
    #expect(received.values == [7])
    #expect(received.completions.count == 1)
    withExtendedLifetime(attachment) {}
  }

  /// A stream on a `CurrentValueSubject` keeps the token-taking subscriber, so the replayed value
  /// comes first.
  @Test func aCurrentValueSubjectDeclinesTheStreamAttachmentAndItsStreamStartsWithTheCurrentValue()
    async
  {
    let subject = CurrentValueSubject<Int, Never>(5)
    let attached = SubjectAttaching.attachStream(to: subject, yield: { _ in }, finish: { _ in })
    #expect(attached == nil)
    let stream = subject.stream()
    subject.send(6)
    subject.send(completion: .finished)
    var values: [Int] = []
    for await value in stream { values.append(value) }
    #expect(values == [5, 6])
  }

  @Test(arguments: [false, true])
  func aSinkAttachedToEitherSubjectReceivesValuesUntilCancelled(current: Bool) throws {
    let passthrough = PassthroughSubject<Int, Never>()
    let currentValue = CurrentValueSubject<Int, Never>(0)
    var values: [Int] = []
    let attached =
      current
      ? SubjectAttaching.attachSink(to: currentValue, receiveCompletion: { _ in }, receiveValue: { values.append($0) })
      : SubjectAttaching.attachSink(to: passthrough, receiveCompletion: { _ in }, receiveValue: { values.append($0) })
    let cancellable = try #require(attached)
    let send: (Int) -> Void = current ? { currentValue.send($0) } : { passthrough.send($0) }
    send(1)
    cancellable.cancel()
    send(2)
    #expect(values == (current ? [0, 1] : [1]))
  }

  /// Any other publisher, struct or class, is left to `subscribe(_:)`.
  @Test func otherPublishersAreTurnedAway() {
    let subject = PassthroughSubject<Int, Never>()
    let operatorSink = SubjectAttaching.attachSink(
      to: subject.map { $0 }, receiveCompletion: { _ in }, receiveValue: { _ in })
    let shareSink = SubjectAttaching.attachSink(
      to: subject.share(), receiveCompletion: { _ in }, receiveValue: { _ in })
    let operatorStream = SubjectAttaching.attachStream(to: subject.map { $0 }, yield: { _ in }, finish: { _ in })
    #expect(operatorSink == nil)
    #expect(shareSink == nil)
    #expect(operatorStream == nil)
  }
}
#endif
