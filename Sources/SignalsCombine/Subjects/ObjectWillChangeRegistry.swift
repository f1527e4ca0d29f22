// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)

@_spi(Signals) import SignalsSupport

/// Finds, or creates and installs, the ``ObservableObjectPublisher`` of an object: the engine of the
/// default `ObservableObject.objectWillChange`.
///
/// **Where the publisher lives.** In the object itself: each `@Published` property's storage keeps
/// a reference to it, so a set signals it with no lookup, the publisher lives exactly as long as
/// the object (it refers to neither the object nor the properties, so there is no cycle), and no
/// global state is involved. A read walks the object's stored properties with `Mirror` (the class,
/// then each superclass) and asks each `@Published` property for its publisher.
///
/// **Same instance, even under races.** The first `@Published` property met (the walk's order is
/// fixed for a class) decides: under its lock it keeps the publisher it already has or installs a
/// new one. Every reader then installs that same publisher in all the other properties (a property
/// that has one keeps it) before returning it. So two threads reading concurrently for the first
/// time get the same instance, and whoever holds the publisher knows every property signals it.
///
/// **No `@Published` property.** Then there is no property to keep the publisher in, so it is kept
/// in ``ObjectWillChangeTable``, keyed by the object's identity and holding the object weakly.
enum ObjectWillChangeRegistry {
  /// The publisher `object`'s `@Published` properties signal.
  static func publisher(for object: AnyObject) -> ObservableObjectPublisher {
    var installed: ObservableObjectPublisher?
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
      for child in current.children {
        guard let property = child.value as? any ObjectWillChangeSignalling else { continue }
        if let publisher = installed {
          _ = property.installObjectWillChange { publisher }
        } else {
          installed = property.installObjectWillChange { ObservableObjectPublisher() }
        }
      }
      mirror = current.superclassMirror
    }
    return installed ?? ObjectWillChangeTable.shared.publisher(for: object)
  }
}

/// The `objectWillChange` publishers of objects that have no `@Published` property.
///
/// Keyed by `ObjectIdentifier`, which alone would be fragile: once an object is freed, a new object
/// may get the same address and identifier. So each entry also holds its object weakly, and an
/// entry whose object is gone is stale: a lookup replaces it, and a sweep removes them all each
/// time the table has doubled since the last sweep, so the table's size stays proportional to the
/// number of live objects that asked for a publisher.
///
/// Nothing is released under the lock: a replaced or swept entry's publisher (and whatever its
/// subscribers hold) and the strong references a sweep takes while checking entries are handed out
/// and dropped after unlocking.
final class ObjectWillChangeTable {
  private struct Entry {
    weak var object: AnyObject?
    let publisher: ObservableObjectPublisher
  }

  private struct Table {
    var entries: [ObjectIdentifier: Entry] = [:]
    /// The size at which the next sweep runs.
    var sweepThreshold = ObjectWillChangeTable.minimumSweepThreshold
  }

  static let minimumSweepThreshold = 64

  /// The table every object without `@Published` properties uses.
  static let shared = ObjectWillChangeTable()

  private let table = LockedState.make(Table())

  /// The publisher kept for `object`, created on first use.
  func publisher(for object: AnyObject) -> ObservableObjectPublisher {
    let key = ObjectIdentifier(object)
    let (publisher, garbage) = table.withLock { table -> (ObservableObjectPublisher, [AnyObject]) in
      // `object` is alive (the caller holds it), so an entry under its identifier either holds it
      // or belongs to a freed object that had the same address.
      if let entry = table.entries[key], entry.object != nil {
        return (entry.publisher, [])
      }
      var garbage: [AnyObject] = []
      let publisher = ObservableObjectPublisher()
      if let stale = table.entries.updateValue(Entry(object: object, publisher: publisher), forKey: key) {
        garbage.append(stale.publisher)
      }
      if table.entries.count >= table.sweepThreshold {
        Self.sweep(&table, into: &garbage)
      }
      return (publisher, garbage)
    }
    withExtendedLifetime(garbage) {}
    return publisher
  }

  /// How many entries the table holds, stale ones included.
  var count: Int {
    table.withLock { $0.entries.count }
  }

  /// Removes the entries whose object is gone. Call with the lock held; everything that must not be
  /// released under the lock goes to `garbage`.
  private static func sweep(_ table: inout Table, into garbage: inout [AnyObject]) {
    var live: [ObjectIdentifier: Entry] = [:]
    live.reserveCapacity(table.entries.count)
    for (key, entry) in table.entries {
      if let object = entry.object {
        // Another thread may drop its last reference meanwhile: release ours after unlocking.
        garbage.append(object)
        live[key] = entry
      } else {
        garbage.append(entry.publisher)
      }
    }
    table.entries = live
    table.sweepThreshold = max(minimumSweepThreshold, live.count * 2)
  }
}

// Safety: the only mutable state is `table`, a `LockedState`.
extension ObjectWillChangeTable: @unchecked Sendable {}
#endif
