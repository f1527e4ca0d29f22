// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals

/// How a subscriber holds the object it writes to; used by
/// `assign(to:on:ownership:)`. The names follow CombineExt.
///
/// ```swift
/// final class Label { var text = "" }
/// let label = Label()
/// let cancellable = Just("hi").assign(to: \.text, on: label, ownership: .weak)
/// print(label.text)  // hi
/// ```
public enum ObjectOwnership: Sendable {
  /// Keep the object alive for as long as the subscription lasts.
  case strong
  /// Do not keep the object alive; once it is gone, values are dropped.
  case weak
  /// Do not keep the object alive; a value arriving after it is gone is a crash.
  case unowned
}

extension Publisher where Failure == Never {
  /// Writes each value to a property of an object, holding the object strongly, weakly or
  /// unowned.
  ///
  /// With `.strong` it is `assign(to:on:)`. With `.weak` or `.unowned` the subscription does
  /// not keep `object` alive, which breaks the usual cycle of `assign(to: \.x, on: self)` stored
  /// in `self`; after a weakly held object is gone, values are simply dropped. The subscriber asks
  /// for `.unlimited` and writes on the thread that delivers each value. Beyond Combine; the
  /// signature follows CombineExt.
  ///
  /// ```swift
  /// final class Model { var count = 0 }
  /// let model = Model()
  /// let cancellable = [1, 2].publisher.assign(to: \.count, on: model, ownership: .weak)
  /// print(model.count)  // 2
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The property to write.
  ///   - object: The object that owns the property.
  ///   - ownership: How the subscription holds `object`; `.strong` by default, as in CombineExt.
  /// - Returns: A cancellable that ends the subscription when cancelled or released.
  public func assign<Root: AnyObject>(
    to keyPath: ReferenceWritableKeyPath<Root, Output>,
    on object: Root,
    ownership: ObjectOwnership = .strong
  ) -> AnyCancellable {
    switch ownership {
    case .strong:
      return assign(to: keyPath, on: object)
    case .weak:
      return sink { [weak object] value in object?[keyPath: keyPath] = value }
    case .unowned:
      return sink { [unowned object] value in object[keyPath: keyPath] = value }
    }
  }
}
