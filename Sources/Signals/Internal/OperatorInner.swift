// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

/// What every single-upstream operator inner holds, and the defaults they share: the subscriber
/// it delivers to, the link to its upstream, its name and mirror, and the failure passed through.
///
/// ``ForwardingInner`` (operators that pass values through) and ``ReducingInner`` (operators
/// that answer once) subclass it and add the `Subscriber` and `Subscription` methods.
class OperatorInner<Input, Failure: Error, Downstream: Subscriber>: CustomStringConvertible, CustomReflectable,
  CustomPlaygroundDisplayConvertible
{
  /// The subscriber this inner delivers to.
  final let downstream: Downstream

  /// The link to upstream.
  final let link = UpstreamLink()

  init(downstream: Downstream) {
    self.downstream = downstream
  }

  /// The operator's name, as Combine's `description` of its subscription shows it; every
  /// operator overrides it.
  var description: String { "\(Self.self)" }

  /// Turns an upstream failure into a downstream one. The default passes it through unchanged
  /// (also into `any Error`); operators that change the failure otherwise override it.
  func mapFailure(_ failure: Failure) -> Downstream.Failure {
    failure as! Downstream.Failure
  }

  var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }

  var playgroundDescription: Any { description }
}
