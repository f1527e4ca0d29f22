// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
import Signals
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// User code written against Combine's declarations: the concrete types its eager overloads return,
// `==` on them, `store(in:)` on a plain `Cancellable`, and the Equatable conformances of the
// reducing operators. The point of this file is that it compiles with `import Signals` exactly as
// it does with `import Combine`; the checks make sure the values are Combine's too.

struct CombineDeclarationTests {
  @Test func justOverloadsReturnConcretePublishers() throws {
    let doubled: Just<Int> = Just(1).map { $0 * 2 }
    #expect(doubled == Just(2))
    let kept: Optional<Int>.Publisher = Just(3).filter { $0 > 5 }
    #expect(kept == Optional<Int>.Publisher(nil))
    let parsed: Result<Int, any Error>.Publisher = Just("7").tryMap { text -> Int in
      guard let number = Int(text) else { throw CocoaError(.formatting) }
      return number
    }
    #expect(try parsed.result.get() == 7)
    let count: Just<Int> = Just("a").count()
    #expect(count.output == 1)
    let sequence: Publishers.Sequence<[Int], Never> = Just(3).prepend(1, 2)
    #expect(sequence == Publishers.Sequence(sequence: [1, 2, 3]))
    let empty: Empty<Int, Never> = Just(1).ignoreOutput()
    #expect(empty.completeImmediately)
  }

  @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
  @Test func optionalOverloadsReturnOptionalPublishers() {
    let present: Int? = 4
    let mapped: Optional<String>.Publisher = present.publisher.map(String.init)
    #expect(mapped.output == "4")
    let absent: Int? = nil
    let replaced: Just<Int> = absent.publisher.replaceEmpty(with: 0)
    #expect(replaced == Just(0))
    #expect(absent.publisher.collect().output == [])
  }

  @Test func resultOverloadsReturnResultPublishers() throws {
    let mapped = Result<Int, any Error>.success(1).publisher.map { $0 + 1 }.result
    #expect(try mapped.get() == 2)
    let never: Result<Int, Never>.Publisher = Result<Int, CocoaError>.failure(CocoaError(.fileNoSuchFile))
      .publisher.replaceError(with: 0)
    #expect(never.result == .success(0))
  }

  @Test func sequenceOverloadsReturnSequenceAndValuePublishers() {
    let compacted: Publishers.Sequence<[Int], Never> = [1, nil, 3].publisher.compactMap { $0 }
    #expect(compacted.sequence == [1, 3])
    let count: Just<Int> = [1, 2, 3].publisher.count()
    #expect(count == Just(3))
    let smallest: Optional<Int>.Publisher = [3, 1, 2].publisher.min()
    #expect(smallest.output == 1)
    let contained: Result<Bool, Never>.Publisher = [1, 2].publisher.contains(2)
    #expect(contained.result == .success(true))
    let prefix: Publishers.Sequence<PrefixSequence<[Int]>, Never> = [1, 2, 3].publisher.prefix(2)
    #expect(Array(prefix.sequence) == [1, 2])
    let scanned = (1...3).publisher.scan(0, +)
    #expect(scanned == Publishers.Sequence(sequence: [1, 3, 6]))
  }

  @Test func storeWorksOnAnyCancellable() {
    var bag = Set<AnyCancellable>()
    var list: [AnyCancellable] = []
    let connectable = PassthroughSubject<Int, Never>().makeConnectable()
    connectable.connect().store(in: &bag)
    connectable.connect().store(in: &list)
    let repeating = ImmediateScheduler.shared.schedule(after: ImmediateScheduler.shared.now, interval: .seconds(1)) {}
    repeating.store(in: &bag)
    #expect(bag.count == 2)
    #expect(list.count == 1)
  }

  @Test func reducingOperatorsAreEquatable() {
    let upstream = Just(1)
    #expect(Publishers.Contains(upstream: upstream, output: 1) == Publishers.Contains(upstream: upstream, output: 1))
    #expect(Publishers.Collect(upstream: upstream) == Publishers.Collect(upstream: upstream))
    #expect(Publishers.Count(upstream: upstream) == Publishers.Count(upstream: upstream))
    #expect(Publishers.First(upstream: upstream) == Publishers.First(upstream: upstream))
    #expect(Publishers.Last(upstream: upstream) == Publishers.Last(upstream: upstream))
    #expect(Publishers.Contains(upstream: upstream, output: 1) != Publishers.Contains(upstream: upstream, output: 2))
    let name = Notification.Name("CombineDeclarationTests")
    #expect(NotificationCenter.default.publisher(for: name) == NotificationCenter.default.publisher(for: name))
  }

  @Test func dataTaskPublisherHasCombinesTypes() throws {
    let url = try #require(URL(string: "http://127.0.0.1/"))
    let publisher: URLSession.DataTaskPublisher = URLSession.shared.dataTaskPublisher(for: url)
    let bodies: AnyPublisher<Data, URLError> = publisher.map(\.data).eraseToAnyPublisher()
    let requested: URLSession.DataTaskPublisher = URLSession.shared.dataTaskPublisher(for: URLRequest(url: url))
    #expect(requested.request.url == url)
    _ = bodies
  }
}
