// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals

/// The DispatchGroup problem: upload every photo and video in parallel, then the post — only if
/// every upload succeeded — failing on the first error and reporting exactly once. Written with
/// `Future`, `MergeMany`, `collect` and `flatMap`, first with every upload succeeding, then with
/// one that fails.
let uploadPostScene = Scene(title: "Upload every photo, then the post: Future, MergeMany, collect, flatMap") {
  struct UploadError: Error, CustomStringConvertible {
    let file: String
    var description: String { "\(file) was rejected" }
  }

  /// Uploads one file in a task of its own; `rejected` names a file the server refuses.
  func upload(_ file: String, rejecting rejected: String?) -> Future<String, UploadError> {
    Future(priority: .userInitiated) { () async throws(UploadError) -> String in
      await Task.yield()
      if file == rejected { throw UploadError(file: file) }
      return "id-\(file)"
    }
  }

  /// The whole post: every upload at once, then the post with every media ID.
  func publish(_ files: [String], rejecting rejected: String? = nil) -> AnyPublisher<String, UploadError> {
    Publishers.MergeMany(files.map { file in Deferred { upload(file, rejecting: rejected) } })
      .collect()
      .flatMap { ids in
        Future<String, UploadError>(priority: .userInitiated) { () async throws(UploadError) -> String in
          "post with \(ids.sorted().joined(separator: ", "))"
        }
      }
      .eraseToAnyPublisher()
  }

  let files = ["beach.jpg", "dog.mov", "sunset.jpg"]
  do {
    let postID = try await publish(files).firstValue
    print("    all uploads succeeded, then:", postID ?? "nothing")
  } catch {
    print("    unexpected failure:", error)
  }
  do {
    _ = try await publish(files, rejecting: "dog.mov").firstValue
    print("    the post was published (it should not have been)")
  } catch {
    print("    one upload failed, the post was never sent; reported once:", error)
  }
}
