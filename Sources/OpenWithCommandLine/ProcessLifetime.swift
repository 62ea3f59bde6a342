/// Objects the command uses until the process ends: they are never torn down, because exit
/// reclaims their memory at once while releasing a snapshot and its mapped graph one object
/// at a time costs more than the lookup it served.
package enum ProcessLifetime {
    package static func keepUntilExit(_ object: AnyObject) {
        _ = Unmanaged.passRetained(object)
    }

    /// Keeps a copy of `value` (and so everything it holds) until the process ends.
    package static func keepUntilExit<Value>(_ value: Value) {
        UnsafeMutablePointer<Value>.allocate(capacity: 1).initialize(to: value)
    }
}
