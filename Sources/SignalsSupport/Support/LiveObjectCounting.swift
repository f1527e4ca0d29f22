// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if DEBUG
/// Counts the subscriptions and operator inners created while a scope is current, and which of
/// them are still alive; used by SignalsTesting's `expectNoLeaks`. Built in debug only: in a
/// release build the type and its hooks do not exist.
///
/// A scope is current for a task through ``current`` (task-local, so child and unstructured
/// tasks inherit it; objects created on other threads outside a task are not counted). An
/// object registers itself by holding a ``LiveObjectToken`` made by ``track(_:)``: the token is
/// `nil`, and costs one task-local read, when no scope is current.
package final class LiveObjectScope {
  /// The scope that objects created by the current task register with.
  @TaskLocal package static var current: LiveObjectScope?

  private struct Entry {
    let type: Any.Type
  }

  private struct State {
    var nextID = 0
    var live: [Int: Entry] = [:]
    var created = 0
  }

  private let state = LockedState.make(State())

  /// Creates an empty scope.
  package init() {}

  /// A token for an object of `type` created now, registered with the current scope; `nil`
  /// when there is none. The object keeps the token; the token's `deinit` unregisters it.
  package static func track(_ type: Any.Type) -> LiveObjectToken? {
    guard let scope = current else { return nil }
    let id = scope.state.withLock { state in
      state.nextID += 1
      state.created += 1
      state.live[state.nextID] = Entry(type: type)
      return state.nextID
    }
    return LiveObjectToken(scope: scope, id: id)
  }

  fileprivate func release(_ id: Int) {
    state.withLock { _ = $0.live.removeValue(forKey: id) }
  }

  /// How many objects registered in all.
  package var createdCount: Int {
    state.withLock { $0.created }
  }

  /// The type names of the objects still alive (generic arguments left out), in order of
  /// creation.
  package var liveTypeNames: [String] {
    let types = state.withLock { state in state.live.sorted { $0.key < $1.key }.map(\.value.type) }
    return types.map { type in
      var name = ""
      var depth = 0
      for character in String(reflecting: type) {
        switch character {
        case "<": depth += 1
        case ">": depth -= 1
        default: if depth == 0 { name.append(character) }
        }
      }
      // Private types show as "(unknown context at $…).Name": keep the name.
      let modules: Set<Substring> = ["Signals", "SignalsCombine", "SignalsConcurrency", "SignalsExt"]
      let parts = name.split(separator: ".").filter { !$0.hasPrefix("(") && !modules.contains($0) }
      return parts.joined(separator: ".")
    }
  }
}

/// Registration of one live object with a ``LiveObjectScope``, ended when the token is freed.
package final class LiveObjectToken: Sendable {
  private let scope: LiveObjectScope
  private let id: Int

  fileprivate init(scope: LiveObjectScope, id: Int) {
    self.scope = scope
    self.id = id
  }

  deinit {
    scope.release(id)
  }
}

// Safety: all mutable state is in `state`, a `LockedState`; `Any.Type` is an immutable metatype.
extension LiveObjectScope: @unchecked Sendable {}
#endif
