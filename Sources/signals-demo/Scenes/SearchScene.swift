// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
@_spi(Signals) import SignalsSupport

/// Search as you type: each query starts a request, `switchToLatest` cancels the stale one, so a
/// slow answer to an old query never overwrites the results of the new one. A flaky suggestion
/// service is retried, and falls back to an empty list when it keeps failing.
let searchScene = Scene(title: "Search as you type, with stale requests cancelled and a flaky service retried") {
  struct ServiceDown: Error {}
  let queries = PassthroughSubject<String, Never>()
  // The server's answers, sent by hand so the scene decides who answers when.
  let answers = LockedState<[String: PassthroughSubject<String, Never>]>.make([:])
  var pipelines = Set<AnyCancellable>()

  queries
    .map { query -> PassthroughSubject<String, Never> in
      print("  request starts for \"\(query)\"")
      let answer = PassthroughSubject<String, Never>()
      answers.withLock { $0[query] = answer }
      return answer
    }
    .switchToLatest()
    .sink { print("  results shown: \($0)") }
    .store(in: &pipelines)

  queries.send("sig")
  queries.send("signals")
  print("  the server answers the old query late")
  answers.withLock { $0["sig"] }?.send("results for \"sig\"")
  answers.withLock { $0["signals"] }?.send("results for \"signals\"")

  let attempts = LockedState<Int>.make(0)
  let suggestions = Deferred { () -> Result<[String], ServiceDown>.Publisher in
    let attempt = attempts.withLock { count -> Int in
      count += 1
      return count
    }
    print("  suggestion service, attempt \(attempt)")
    return Result.Publisher(attempt < 3 ? .failure(ServiceDown()) : .success(["signals demo", "signals docs"]))
  }
  suggestions
    .retry(2)
    .catch { _ in Just([]) }
    .sink { print("  suggestions: \($0)") }
    .store(in: &pipelines)
  pipelines.removeAll()
}
