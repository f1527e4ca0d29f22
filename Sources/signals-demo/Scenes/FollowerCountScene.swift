// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals

/// A repository holds a follower count in a `CurrentValueSubject`; two screens show it; one
/// screen closes and stops receiving, the other goes on.
let followerCountScene = Scene(title: "A follower count shown on two screens") {
  let followers = CurrentValueSubject<Int, Never>(120)
  var screens = Set<AnyCancellable>()

  followers
    .sink { print("  profile screen shows \($0) followers") }
    .store(in: &screens)
  let badge = followers.sink { print("  badge shows \($0)") }

  print("  someone follows")
  followers.value += 1

  print("  the badge screen closes")
  badge.cancel()

  print("  two more people follow")
  followers.send(followers.value + 2)
  print("  current value read directly: \(followers.value)")

  followers.send(completion: .finished)
  screens.removeAll()
}
