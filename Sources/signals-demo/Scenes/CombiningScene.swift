// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import SignalsExt

/// A sign-up form whose submit button follows `combineLatest` of two fields, a tap that reads the
/// form with `withLatestFrom`, and a timeline that `merge`s two feeds.
let combiningScene = Scene(title: "A sign-up form and a merged timeline") {
  var subscriptions = Set<AnyCancellable>()

  let email = CurrentValueSubject<String, Never>("")
  let password = CurrentValueSubject<String, Never>("")
  let canSubmit = email.combineLatest(password) { email, password in
    email.contains("@") && password.count >= 8
  }
  canSubmit
    .sink { print("  submit button \($0 ? "enabled" : "disabled")") }
    .store(in: &subscriptions)

  let taps = PassthroughSubject<Void, Never>()
  taps.withLatestFrom(email.combineLatest(password))
    .sink { email, _ in print("  submitted the form for \(email)") }
    .store(in: &subscriptions)

  print("  the user types an email")
  email.send("ada@example.com")
  print("  the user types a short password, then a longer one")
  password.send("secret")
  password.send("correct horse")
  print("  the user taps submit")
  taps.send()

  let news = PassthroughSubject<String, Never>()
  let alerts = PassthroughSubject<String, Never>()
  news.merge(with: alerts)
    .sink(
      receiveCompletion: { _ in print("  timeline finished: both feeds ended") },
      receiveValue: { print("  timeline: \($0)") }
    )
    .store(in: &subscriptions)
  news.send("news: Signals ships combining operators")
  alerts.send("alert: storm warning")
  news.send("news: the storm passed")
  news.send(completion: .finished)
  alerts.send(completion: .finished)

  subscriptions.removeAll()
}
