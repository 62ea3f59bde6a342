import OpenWithKit
import Synchronization

/// The open contexts of the process, by handle.
///
/// Policy: a handle is a number, never an address, so a closed or made-up handle is found
/// missing and answered with `OW_ERROR_CLOSED` instead of being followed. Handles count up from
/// 1 and are never reused. A call takes its workspace out of the table under the lock and works
/// on its own copy, so closing a context while calls run on other threads is safe: they finish.
enum ContextTable {
    private static let table = Mutex<(next: UInt, open: [UInt: Workspace])>((1, [:]))

    /// Stores a workspace; returns its handle.
    static func insert(_ workspace: Workspace) -> OpaquePointer {
        let number = table.withLock { state in
            let number = state.next
            state.next += 1
            state.open[number] = workspace
            return number
        }
        return OpaquePointer(bitPattern: number)!
    }

    /// The workspace of a handle, or the failure to report.
    static func workspace(_ handle: OpaquePointer?) throws(CallFailure) -> Workspace {
        guard let handle else { throw CallFailure(.invalidArgument, name: "nullContext", message: "the context is NULL") }
        let number = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))
        guard let workspace = table.withLock({ $0.open[number] }) else {
            throw CallFailure(.closed, name: "closedContext", message: "context \(number) is closed or was never opened")
        }
        return workspace
    }

    /// Removes a handle; whether it was open.
    static func remove(_ handle: OpaquePointer) -> Bool {
        let number = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))
        return table.withLock { $0.open.removeValue(forKey: number) } != nil
    }
}
