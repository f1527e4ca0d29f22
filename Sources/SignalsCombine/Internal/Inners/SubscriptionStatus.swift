// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
@_spi(Signals) import SignalsSupport

/// Where a subscriber stands with its upstream (see `UpstreamStatus`).
typealias SubscriptionStatus = UpstreamStatus<any Subscription>
#endif
