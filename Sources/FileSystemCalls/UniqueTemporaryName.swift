/// Fresh random names for temporary files, tried until one can be created: the one loop that
/// every exclusive creation of a temporary file runs.
///
/// ```swift
/// let (name, descriptor) = try UniqueTemporaryName.create(naming: { path + ".new-" + $0 }) { candidate in
///     let descriptor = open(candidate, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
///     if descriptor >= 0 { return descriptor }
///     if errno == EEXIST { return nil }  // taken: try another name
///     throw MyError(errno)
/// }
/// ```
public enum UniqueTemporaryName {
    /// How many names are tried before giving up.
    public static let attempts = 100
    /// The characters a random part is made of: ASCII letters and digits.
    public static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    /// A random part of `length` characters from ``alphabet``, from the system's generator.
    public static func random(length: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    /// Calls `create` with `naming(random part)` for up to ``attempts`` fresh random parts until
    /// it creates something.
    ///
    /// - Parameters:
    ///   - length: the random part's length.
    ///   - naming: the candidate name (or path) for a random part.
    ///   - create: creates the candidate exclusively; returns `nil` when the name is taken, and
    ///     throws for any other failure (which ends the loop).
    /// - Returns: the name created and what `create` returned, or `nil` when every candidate was taken.
    public static func create<Created, Failure: Error>(
        length: Int = 8, naming: (String) -> String, _ create: (String) throws(Failure) -> Created?
    ) throws(Failure) -> (name: String, created: Created)? {
        for _ in 0..<attempts {
            let candidate = naming(random(length: length))
            if let created = try create(candidate) { return (candidate, created) }
        }
        return nil
    }
}
