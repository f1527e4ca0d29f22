// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
/// Namespace for the publisher types that operators and sources return, as in Combine.
///
/// You rarely name these types: operators such as `map(_:)` make them, and
/// ``Publisher/eraseToAnyPublisher()`` hides them.
///
/// ```swift
/// let numbers: Publishers.Sequence<[Int], Never> = [1, 2, 3].publisher
/// let doubled: Publishers.Map<PassthroughSubject<Int, Never>, Int> = PassthroughSubject().map { $0 * 2 }
/// ```
public enum Publishers {}
#endif
