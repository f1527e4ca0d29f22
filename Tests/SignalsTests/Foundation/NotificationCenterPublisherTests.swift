// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
import Signals
import SignalsTesting
import Testing

struct NotificationCenterPublisherTests {
  private let name = Notification.Name("signals.test")

  @Test func deliversMatchingNotificationsSynchronously() {
    let center = NotificationCenter()
    let recorder = TestSubscriber<Notification, Never>()
    center.publisher(for: name).subscribe(recorder)
    center.post(name: name, object: nil)
    center.post(name: Notification.Name("other"), object: nil)
    center.post(name: name, object: nil)
    #expect(recorder.values.map(\.name) == [name, name])
  }

  @Test func filtersBySender() {
    let center = NotificationCenter()
    let sender = NSObject()
    let recorder = TestSubscriber<Notification, Never>()
    center.publisher(for: name, object: sender).subscribe(recorder)
    center.post(name: name, object: NSObject())
    center.post(name: name, object: sender)
    #expect(recorder.values.count == 1)
    #expect(recorder.values.first?.object as? NSObject === sender)
  }

  @Test func aNotificationWithoutDemandIsDropped() {
    let center = NotificationCenter()
    let recorder = TestSubscriber<Notification, Never>(initialDemand: .none)
    center.publisher(for: name).subscribe(recorder)
    center.post(name: name, object: nil)
    recorder.request(.max(1))
    center.post(name: name, object: "second" as NSString)
    center.post(name: name, object: nil)
    #expect(recorder.values.count == 1)
    #expect(recorder.values.first?.object as? NSString == "second")
  }

  @Test func cancellingRemovesTheObserver() {
    let center = NotificationCenter()
    let recorder = TestSubscriber<Notification, Never>()
    center.publisher(for: name).subscribe(recorder)
    recorder.cancel()
    center.post(name: name, object: nil)
    #expect(recorder.events.count == 1)
  }
}
