import Dispatch
import OpenInBroker

/// Where the `async` forms of ``Workspace`` do their work: a concurrent dispatch queue of their
/// own, so the caller's executor (the main actor's thread, the cooperative pool) is never held by
/// blocking file I/O.
enum OffCallerQueue {
    static let queue = DispatchQueue(label: "openwith.workspace", qos: .userInitiated, attributes: .concurrent)

    /// Runs `work` on the queue and resumes the caller with its result.
    static func run<Value: Sendable>(_ work: @escaping @Sendable () throws(HandOverError) -> Value) async throws(HandOverError) -> Value {
        let result: Result<Value, HandOverError> = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: Result { () throws(HandOverError) -> Value in try work() }) }
        }
        return try result.get()
    }
}
