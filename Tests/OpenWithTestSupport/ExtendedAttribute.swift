import CFileAttributes
import Glibc

/// Extended attributes on real files, as `curl --xattr` and `wget --xattr` leave them.
public enum ExtendedAttribute {
    /// Sets the attribute `name` of the file at `path` to `value`; `false` when the file system
    /// refuses (then a test should say so, not pass silently).
    @discardableResult
    public static func set(_ name: String, to value: String, path: String) -> Bool {
        value.withCString { setxattr(path, name, $0, strlen($0), 0) } == 0
    }
}
