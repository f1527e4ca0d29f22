// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

#if !canImport(Combine)
@_spi(Signals) import SignalsSupport
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSession {
  /// A publisher that loads `url` with a data task of this session when a subscriber first asks
  /// for a value.
  ///
  /// ```swift
  /// let url = URL(string: "https://example.com")!
  /// let cancellable = URLSession.shared.dataTaskPublisher(for: url)
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0.data.count) })
  /// // Prints: 1256
  /// //         finished
  /// ```
  ///
  /// - Parameter url: The URL to load.
  /// - Returns: A publisher of the loaded data and the response, or of a `URLError`.
  public func dataTaskPublisher(for url: URL) -> DataTaskPublisher {
    DataTaskPublisher(request: URLRequest(url: url), session: self)
  }

  /// A publisher that loads `request` with a data task of this session when a subscriber first
  /// asks for a value.
  ///
  /// ```swift
  /// var request = URLRequest(url: URL(string: "https://example.com/upload")!)
  /// request.httpMethod = "POST"
  /// let cancellable = URLSession.shared.dataTaskPublisher(for: request)
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { print($0.response) })
  /// ```
  ///
  /// - Parameter request: The request to send.
  /// - Returns: A publisher of the loaded data and the response, or of a `URLError`.
  public func dataTaskPublisher(for request: URLRequest) -> DataTaskPublisher {
    DataTaskPublisher(request: request, session: self)
  }

  /// The publisher ``URLSession/dataTaskPublisher(for:)-(URLRequest)`` returns: one
  /// data task per subscriber.
  ///
  /// - Demand: the task is created and resumed on the first request; each later request resumes
  ///   it again, as in Combine. The result is delivered as soon as the task completes.
  /// - Completion: a response gives one value, the data (empty if there was none) and the
  ///   response, then `.finished`. An error fails with it if it is a `URLError`, and with
  ///   `URLError(.unknown)` otherwise; no response fails with `URLError(.unknown)` too.
  /// - Cancellation: cancels the task; a result that arrives afterwards is dropped.
  /// - Threading: the result is delivered on the session's delegate queue.
  /// - Important: requesting `.none` stops the program, as in Combine.
  ///
  /// ```swift
  /// let publisher = URLSession.DataTaskPublisher(
  ///   request: URLRequest(url: URL(string: "https://example.com")!), session: .shared)
  /// ```
  public struct DataTaskPublisher: Publisher, Sendable {
    /// The loaded data and the response.
    public typealias Output = (data: Data, response: URLResponse)
    /// Loading fails with a `URLError`.
    public typealias Failure = URLError

    /// The request each subscriber's task sends.
    public let request: URLRequest
    /// The session that creates the tasks.
    public let session: URLSession

    /// Creates the publisher; `dataTaskPublisher(for:)` is the usual way.
    ///
    /// ```swift
    /// let publisher = URLSession.DataTaskPublisher(
    ///   request: URLRequest(url: URL(string: "https://example.com")!), session: .shared)
    /// ```
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - session: The session that creates the tasks.
    public init(request: URLRequest, session: URLSession) {
      self.request = request
      self.session = session
    }

    /// Attaches `subscriber`, whose first request starts the data task.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == URLError {
      subscriber.receive(subscription: DataTaskSubscription(parent: self, downstream: subscriber))
    }
  }
}

/// The subscription of a ``Foundation/URLSession/DataTaskPublisher``: it locks, asks
/// ``DataTaskStateMachine``, unlocks and acts, so the session, the task and the subscriber are
/// never called under the lock.
private final class DataTaskSubscription<Downstream: Subscriber>: DataTaskCompletionTarget, Subscription,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Input == URLSession.DataTaskPublisher.Output, Downstream.Failure == URLError {
  private typealias Machine = DataTaskStateMachine<Downstream>

  private let machine: LockedState<Machine>

  init(parent: URLSession.DataTaskPublisher, downstream: Downstream) {
    machine = .make(Machine(parent: parent, downstream: downstream))
  }

  var description: String { "DataTaskPublisher" }

  /// The task, the subscriber, the publisher and the demand, as Combine shows them.
  var customMirror: Mirror {
    let snapshot = machine.withLock { $0.snapshot }
    let children: [Mirror.Child] = [
      ("task", snapshot.task as Any),
      ("downstream", snapshot.downstream as Any),
      ("parent", snapshot.parent as Any),
      ("demand", snapshot.demand),
    ]
    return Mirror(self, children: children)
  }

  var playgroundDescription: Any { description }

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "Subscription.request(\(demand)): demand must be greater than zero")
    switch machine.withLock({ $0.request(demand) }) {
    case .none:
      break
    case .resume(let task):
      task.resume()
    case .createTask(let parent):
      // The handler holds the subscription through its non-generic base: it is Sendable, and
      // needs no metadata of the subscriber's type.
      let target: DataTaskCompletionTarget = self
      let task = parent.session.dataTask(with: parent.request) { data, response, error in
        target.complete(data: data, response: response, error: error)
      }
      if machine.withLock({ $0.created(task) }) {
        task.resume()
      } else {
        task.cancel()
      }
    }
  }

  func cancel() {
    let released = machine.withLock { $0.cancel() }
    released?.task?.cancel()
    // The subscriber and the publisher are released here, after unlocking.
    withExtendedLifetime(released) {}
  }

  override func complete(data: Data?, response: URLResponse?, error: (any Error)?) {
    guard let downstream = machine.withLock({ $0.complete() }) else { return }
    if let error {
      downstream.receive(completion: .failure(error as? URLError ?? URLError(.unknown)))
    } else if let response {
      _ = downstream.receive((data ?? Data(), response))
      downstream.receive(completion: .finished)
    } else {
      downstream.receive(completion: .failure(URLError(.unknown)))
    }
  }
}

// Safety: the only mutable state is `machine`, a `LockedState`.
extension DataTaskSubscription: @unchecked Sendable {}

/// What a data task's completion handler calls: the subscription, seen through a non-generic type.
private class DataTaskCompletionTarget: @unchecked Sendable {
  // Safety: no state; the subscription that subclasses it keeps all of its own in a `LockedState`.

  /// Delivers the task's result; overridden by the subscription.
  func complete(data: Data?, response: URLResponse?, error: (any Error)?) {
    preconditionFailure("DataTaskCompletionTarget.complete: abstract")
  }
}

/// The state of one data-task subscription.
private struct DataTaskStateMachine<Downstream> {
  private enum State {
    /// Subscribed, no request yet.
    case waiting(URLSession.DataTaskPublisher, Downstream, demand: Subscribers.Demand)
    /// The first request is creating the task, outside the lock.
    case creating(URLSession.DataTaskPublisher, Downstream, demand: Subscribers.Demand)
    /// The task exists and has been resumed.
    case running(URLSession.DataTaskPublisher, Downstream, URLSessionDataTask, demand: Subscribers.Demand)
    /// Completed or cancelled.
    case terminal
  }

  /// What a request asks the subscription to do after unlocking.
  enum RequestAction {
    /// Nothing: ended, or another request is creating the task.
    case none
    /// Create the task for this publisher, then report it with ``created(_:)``.
    case createTask(URLSession.DataTaskPublisher)
    /// Resume the task again, as Combine does on every request.
    case resume(URLSessionDataTask)
  }

  /// What a cancel released: the task to cancel, if any, and what is dropped after unlocking.
  struct Released {
    let task: URLSessionDataTask?
    let parent: URLSession.DataTaskPublisher
    let downstream: Downstream
  }

  private var state: State

  init(parent: URLSession.DataTaskPublisher, downstream: Downstream) {
    state = .waiting(parent, downstream, demand: .none)
  }

  /// The task, the subscriber, the publisher and the outstanding demand, for the mirror.
  var snapshot:
    (
      task: URLSessionDataTask?, downstream: Downstream?, parent: URLSession.DataTaskPublisher?,
      demand: Subscribers.Demand
    )
  {
    switch state {
    case .waiting(let parent, let downstream, let demand), .creating(let parent, let downstream, let demand):
      (nil, downstream, parent, demand)
    case .running(let parent, let downstream, let task, let demand):
      (task, downstream, parent, demand)
    case .terminal:
      (nil, nil, nil, .none)
    }
  }

  mutating func request(_ demand: Subscribers.Demand) -> RequestAction {
    switch state {
    case .waiting(let parent, let downstream, let outstanding):
      state = .creating(parent, downstream, demand: outstanding + demand)
      return .createTask(parent)
    case .creating(let parent, let downstream, let outstanding):
      state = .creating(parent, downstream, demand: outstanding + demand)
      return .none
    case .running(let parent, let downstream, let task, let outstanding):
      state = .running(parent, downstream, task, demand: outstanding + demand)
      return .resume(task)
    case .terminal:
      return .none
    }
  }

  /// Records the task the first request created; `false` if the subscription was cancelled
  /// meanwhile, so the task must be cancelled instead of resumed.
  mutating func created(_ task: URLSessionDataTask) -> Bool {
    guard case .creating(let parent, let downstream, let demand) = state else { return false }
    state = .running(parent, downstream, task, demand: demand)
    return true
  }

  /// Ends the subscription when the task completes: the subscriber to deliver to, or `nil` if it
  /// had already ended.
  mutating func complete() -> Downstream? {
    switch state {
    case .running(_, let downstream, _, _), .creating(_, let downstream, _):
      state = .terminal
      return downstream
    case .waiting, .terminal:
      return nil
    }
  }

  mutating func cancel() -> Released? {
    let current = state
    state = .terminal
    switch current {
    case .waiting(let parent, let downstream, _), .creating(let parent, let downstream, _):
      return Released(task: nil, parent: parent, downstream: downstream)
    case .running(let parent, let downstream, let task, _):
      return Released(task: task, parent: parent, downstream: downstream)
    case .terminal:
      return nil
    }
  }
}
#endif
