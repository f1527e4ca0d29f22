// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

extension Publishers.ReceiveOn where Context == MainActorScheduler {
  /// Attaches a sink whose closures run on the main actor, and says so to the compiler: both are
  /// `@MainActor`, so they may touch main-actor state with no `assumeIsolated`, `Task` or `await`.
  ///
  /// Values sent on the main actor arrive in the same turn; values sent elsewhere hop to the main
  /// actor, in order (see ``MainActorScheduler``).
  ///
  /// ```swift
  /// @MainActor final class DownloadViewModel {
  ///   var progress = 0.0
  ///   var finished = false
  ///   var subscriptions = Set<AnyCancellable>()
  ///
  ///   func observe(_ download: AnyPublisher<Double, URLError>) {
  ///     download
  ///       .receive(on: .mainActor)
  ///       .sink { self.finished = true; print("end:", $0) } receiveValue: { self.progress = $0 }
  ///       .store(in: &subscriptions)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - receiveCompletion: Called once, on the main actor, with the completion.
  ///   - receiveValue: Called on the main actor with each value.
  /// - Returns: A cancellable that ends the subscription when cancelled or released.
  public func sink(
    receiveCompletion: @escaping @MainActor (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping @MainActor (Output) -> Void
  ) -> AnyCancellable {
    // The scheduler runs every delivery on the main actor, so the closures may be called as plain
    // ones: a global-actor function has the same representation, and the standard library's
    // `MainActor.assumeIsolated` makes the same conversion once it has checked the executor.
    let onValue = unsafeBitCast(receiveValue, to: ((Output) -> Void).self)
    let onCompletion = unsafeBitCast(receiveCompletion, to: ((Subscribers.Completion<Failure>) -> Void).self)
    return sink(isolation: nil, receiveCompletion: onCompletion, receiveValue: onValue)
  }
}

extension Publishers.ReceiveOn where Context == MainActorScheduler, Failure == Never {
  /// Attaches a sink whose closure runs on the main actor, and says so to the compiler: it is
  /// `@MainActor`, so it may touch main-actor state with no `assumeIsolated`, `Task` or `await`.
  ///
  /// ```swift
  /// @MainActor final class FeedViewModel: ObservableObject {
  ///   @Published var items: [String] = []
  ///   var subscriptions = Set<AnyCancellable>()
  ///
  ///   init(events: PassthroughSubject<String, Never>) {
  ///     events
  ///       .receive(on: .mainActor)
  ///       .sink { [weak self] in self?.items.append($0) }
  ///       .store(in: &subscriptions)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter receiveValue: Called on the main actor with each value.
  /// - Returns: A cancellable that ends the subscription when cancelled or released.
  public func sink(receiveValue: @escaping @MainActor (Output) -> Void) -> AnyCancellable {
    sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}
