// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// Namespace for the publisher types that operators and sources return, as in Combine.
///
/// ```swift
/// let numbers: Publishers.Sequence<[Int], Never> = [1, 2, 3].publisher
/// ```
public enum Publishers {}
