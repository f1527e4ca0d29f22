// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// Namespace for the publisher types that operators return, as in Combine.
///
/// You rarely name these types: operators such as ``Publisher/map(_:)-(Output)->T`` make them, and
/// ``Publisher/eraseToAnyPublisher()`` hides them.
///
/// ```swift
/// let doubled: Publishers.Map<PassthroughSubject<Int, Never>, Int> = PassthroughSubject().map { $0 * 2 }
/// ```
public enum Publishers {}
