// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
import Foundation

/// `JSONEncoder` produces `Data`.
///
/// ```swift
/// let encoder: some TopLevelEncoder = JSONEncoder()
/// ```
extension JSONEncoder: TopLevelEncoder {}

/// `JSONDecoder` reads `Data`.
///
/// ```swift
/// let decoder: some TopLevelDecoder = JSONDecoder()
/// ```
extension JSONDecoder: TopLevelDecoder {}

/// `PropertyListEncoder` produces `Data`.
///
/// ```swift
/// let encoder: some TopLevelEncoder = PropertyListEncoder()
/// ```
extension PropertyListEncoder: TopLevelEncoder {}

/// `PropertyListDecoder` reads `Data`.
///
/// ```swift
/// let decoder: some TopLevelDecoder = PropertyListDecoder()
/// ```
extension PropertyListDecoder: TopLevelDecoder {}
#endif
