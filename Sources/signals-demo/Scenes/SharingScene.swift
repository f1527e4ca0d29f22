// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Dispatch
import Signals
import SignalsExt
@_spi(Signals) import SignalsSupport

/// A callback-based weather client wrapped with `AnyPublisher.create`, shared by two screens with
/// `share()`: one request for both. Then `share(replay:)` lets a screen that opens late see the
/// last reading at once.
let sharingScene = Scene(title: "One request shared by two screens; a late screen gets a replay") {
  let requests = LockedState.make(0)
  // Stands for a slow network: the reply arrives only once the scene lets it.
  let serverReplies = DispatchSemaphore(value: 0)
  /// Stands for a callback API: it answers on a background queue.
  @Sendable func fetchWeather(_ reply: @escaping @Sendable (String) -> Void) {
    requests.withLock { $0 += 1 }
    DispatchQueue.global().async {
      serverReplies.wait()
      reply("18 °C, light rain")
    }
  }

  let weather = AnyPublisher<String, Never>.create { subscriber in
    print("  create: asking the weather service")
    fetchWeather { report in
      subscriber.send(report)
      subscriber.send(completion: .finished)
    }
    return AnyCancellable { print("  create: request finished, cleanup ran once") }
  }

  print("  two screens subscribe to weather.share()")
  let shared = weather.share()
  var screens = Set<AnyCancellable>()
  await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    let remaining = LockedState.make(2)
    for screen in ["home", "widget"] {
      shared
        .sink(
          receiveCompletion: { _ in
            if remaining.withLock({
              $0 -= 1; return $0
            }) == 0 {
              done.resume()
            }
          },
          receiveValue: { print("  \(screen) screen shows \($0)") }
        )
        .store(in: &screens)
    }
    print("  both screens are waiting; the service replies now")
    serverReplies.signal()
  }
  print("  requests made: \(requests.withLock { $0 })")

  print("  live readings with share(replay: 1); a settings screen opens after the first")
  let readings = PassthroughSubject<String, Never>()
  let replayed = readings.share(replay: 1)
  replayed.sink { print("  home screen: \($0)") }.store(in: &screens)
  readings.send("18 °C")
  replayed.sink { print("  settings screen (late): \($0)") }.store(in: &screens)
  readings.send("19 °C")
  screens.removeAll()
}
