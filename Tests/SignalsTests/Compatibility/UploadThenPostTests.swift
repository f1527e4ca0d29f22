// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport
import SignalsTesting
import Testing

/// The DispatchGroup problem from `Documentation/MigratingFromCombine.md`: upload every item in
/// parallel, then the post only if all succeeded, failing on the first error and reporting once.
struct UploadThenPostTests {
  struct UploadError: Error, Equatable {
    let item: String
  }

  /// Hand-driven uploads: each item's upload is a subject the test completes when it wants.
  final class FakeAPI: @unchecked Sendable {
    // Safety: used from the test's thread only.
    var uploads: [String: PassthroughSubject<String, UploadError>] = [:]
    var started: [String] = []
    var postsCreated: [[String]] = []

    func upload(_ item: String) -> AnyPublisher<String, UploadError> {
      let subject = PassthroughSubject<String, UploadError>()
      uploads[item] = subject
      started.append(item)
      return subject.eraseToAnyPublisher()
    }

    func createPost(media: [String]) -> AnyPublisher<String, UploadError> {
      postsCreated.append(media)
      return Just("post-1").setFailureType(to: UploadError.self).eraseToAnyPublisher()
    }
  }

  func publish(_ items: [String], using api: FakeAPI) -> AnyPublisher<String, UploadError> {
    Publishers.MergeMany(items.map { item in Deferred { api.upload(item) } })
      .collect()
      .flatMap { mediaIDs in api.createPost(media: mediaIDs) }
      .eraseToAnyPublisher()
  }

  @Test func everyUploadStartsAtOnceAndThePostFollowsTheLast() {
    let api = FakeAPI()
    let recorder = TestSubscriber<String, UploadError>()
    publish(["a.jpg", "b.mov", "c.jpg"], using: api).subscribe(recorder)
    #expect(api.started == ["a.jpg", "b.mov", "c.jpg"], "all uploads run in parallel")
    for (item, id) in [("b.mov", "id-b"), ("a.jpg", "id-a"), ("c.jpg", "id-c")] {
      #expect(api.postsCreated.isEmpty, "no post before every upload finished")
      api.uploads[item]!.send(id)
      api.uploads[item]!.send(completion: .finished)
    }
    #expect(api.postsCreated == [["id-b", "id-a", "id-c"]])
    #expect(recorder.events == [.subscription, .value("post-1"), .completion(.finished)])
  }

  @Test func theFirstFailureCancelsTheRestAndIsReportedOnce() {
    let api = FakeAPI()
    let recorder = TestSubscriber<String, UploadError>()
    publish(["a.jpg", "b.mov", "c.jpg"], using: api).subscribe(recorder)
    api.uploads["a.jpg"]!.send("id-a")
    api.uploads["a.jpg"]!.send(completion: .finished)
    api.uploads["b.mov"]!.send(completion: .failure(UploadError(item: "b.mov")))
    api.uploads["c.jpg"]!.send("id-c")
    api.uploads["c.jpg"]!.send(completion: .failure(UploadError(item: "c.jpg")))
    #expect(api.postsCreated.isEmpty, "the post is never sent")
    #expect(recorder.events == [.subscription, .completion(.failure(UploadError(item: "b.mov")))])
  }

  @Test func cancellingStopsEveryUploadStillRunning() {
    let api = FakeAPI()
    let recorder = TestSubscriber<String, UploadError>()
    publish(["a.jpg", "b.mov"], using: api).subscribe(recorder)
    api.uploads["a.jpg"]!.send("id-a")
    recorder.cancel()
    api.uploads["a.jpg"]!.send(completion: .finished)
    api.uploads["b.mov"]!.send("id-b")
    api.uploads["b.mov"]!.send(completion: .finished)
    #expect(api.postsCreated.isEmpty)
    #expect(recorder.events == [.subscription])
  }
}
