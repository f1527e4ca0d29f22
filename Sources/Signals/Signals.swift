// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_exported import SignalsConcurrency

// `import Signals` gives Combine's API and what Signals adds to it
// (Documentation/Proposals/0009-platform-model.md):
// - where Apple's Combine exists, Combine itself, so SwiftUI, Apple's SDKs and Combine-based
//   libraries see the very same types;
// - everywhere else, Signals' own implementation of Combine.
#if canImport(Combine)
@_exported import Combine
#else
@_exported import SignalsCombine
#endif
