import Synchronization

/// What a snapshot has learnt of its apps' programs: for each app, not yet checked, there, or
/// missing (with the key and program that are missing). Each app is checked once and the
/// answer kept for the snapshot's life; the programs of a snapshot's apps are taken to stay
/// where they were while it is in use (a new snapshot checks again).
///
/// Safe to share between threads. Reading a known answer takes no lock: a ranking asks about
/// every candidate it weighs, so the common question costs one atomic load. Two threads that
/// check the same app at once both look and store the same answer.
final class ProgramAvailability: Sendable {
    /// One state an app: ``unchecked``, ``available`` or ``missing``.
    private nonisolated(unsafe) let states: UnsafeMutablePointer<Atomic<UInt8>>
    private let count: Int
    /// The missing program of each app whose state is ``missing``.
    private let missingPrograms = Mutex<[Int32: (key: String, program: String)]>([:])

    private static let unchecked: UInt8 = 0
    private static let available: UInt8 = 1
    private static let missing: UInt8 = 2

    /// What is known of one app.
    enum State {
        /// Not checked yet.
        case unchecked
        /// Its programs are there.
        case available
        /// This key's program is missing.
        case missing(key: String, program: String)
    }

    /// Nothing known yet of `count` apps.
    init(count: Int) {
        self.count = count
        states = .allocate(capacity: Swift.max(count, 1))
        for index in 0..<count { (states + index).initialize(to: Atomic(Self.unchecked)) }
    }

    deinit {
        states.deinitialize(count: count)
        states.deallocate()
    }

    /// What is known of app `app` (an index below the count it was made with).
    func state(of app: Int32) -> State {
        precondition(app >= 0 && Int(app) < count, "app index \(app) outside 0..<\(count)")
        switch states[Int(app)].load(ordering: .acquiring) {
        case Self.available: return .available
        case Self.missing:
            guard let found = missingPrograms.withLock({ $0[app] }) else { return .unchecked }
            return .missing(key: found.key, program: found.program)
        default: return .unchecked
        }
    }

    /// Whether app `app`'s programs were checked and found (one load, no details).
    @inline(__always)
    func isKnownAvailable(_ app: Int32) -> Bool {
        app >= 0 && Int(app) < count && states[Int(app)].load(ordering: .acquiring) == Self.available
    }

    /// Records what a check of app `app` found: `nil` when its programs are there.
    func record(_ missingProgram: (key: String, program: String)?, for app: Int32) {
        precondition(app >= 0 && Int(app) < count, "app index \(app) outside 0..<\(count)")
        if let missingProgram {
            // The details first, so that a reader who sees the state finds them.
            missingPrograms.withLock { $0[app] = missingProgram }
            states[Int(app)].store(Self.missing, ordering: .releasing)
        } else {
            states[Int(app)].store(Self.available, ordering: .releasing)
        }
    }
}
