// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// Namespace for the publisher types that operators return, named as in Combine
/// (`Publishers.Map`, `Publishers.Debounce`, …).
///
/// You rarely name these types: operators build them, and ``Publisher/eraseToAnyPublisher()``
/// hides them.
///
/// ```swift
/// let subject = PassthroughSubject<Int, Never>()
/// let delayed: Publishers.Delay<PassthroughSubject<Int, Never>, DispatchQueue> =
///   subject.delay(for: .seconds(1), scheduler: DispatchQueue.main)
/// ```
public enum Publishers {}
