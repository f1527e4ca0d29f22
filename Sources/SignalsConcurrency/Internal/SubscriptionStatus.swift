// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

@_spi(Signals) import SignalsSupport

#if canImport(Combine)
import Combine
#else
import SignalsCombine
#endif

/// Where one of the bridges' subscribers stands with its upstream (see `UpstreamStatus`).
typealias SubscriptionStatus = UpstreamStatus<any Subscription>
