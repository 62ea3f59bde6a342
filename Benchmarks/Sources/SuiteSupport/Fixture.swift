/// State a benchmark builds in its setup hook, reads in its measured closure and tears down
/// afterwards, so that a filtered run only builds the fixtures of the benchmarks it runs.
///
/// ```swift
/// let folder = Fixture { try TemporaryFolder(prefix: "x") } tearDown: { $0.remove() }
/// Benchmark("…", configuration: …) { _ in use(folder.value) } setup: { try folder.setUp() } teardown: { folder.tearDown() }
/// ```
public final class Fixture<Value>: @unchecked Sendable {
    private let make: () throws -> Value
    private let destroy: (Value) -> Void
    private var stored: Value?

    /// Describes how to build and destroy the value; nothing is built yet.
    public init(_ make: @escaping () throws -> Value, tearDown destroy: @escaping (Value) -> Void = { _ in }) {
        self.make = make
        self.destroy = destroy
    }

    /// Builds the value (once per setup).
    public func setUp() throws { stored = try make() }

    /// The value built by ``setUp()``.
    public var value: Value {
        guard let stored else { preconditionFailure("fixture used before its setup hook ran") }
        return stored
    }

    /// Destroys the value.
    public func tearDown() {
        if let stored { destroy(stored) }
        stored = nil
    }
}
