import CFileAttributes
import Glibc

/// A file system whose regular files the kernel makes when they are read (`/proc`, `/sys` …):
/// such a file reports a size of 0 whatever it holds, so its size says nothing of its content.
///
/// Policy, wherever a file's size would decide how much of it is read (type resolution,
/// previews, inbox copies): a regular file that reports size 0 is empty, except on one of these,
/// where it is read to its end (or to the reader's bound) without blocking. Files of other file
/// systems that report 0 are not read.
public enum KernelPseudoFileSystem: String, Sendable, CaseIterable {
    case procfs, sysfs, debugfs, tracefs, securityfs, cgroup, cgroup2, configfs

    /// The file-system magic number `statfs` reports for it (linux/magic.h).
    public var magic: UInt {
        switch self {
        case .procfs: 0x9FA0
        case .sysfs: 0x6265_6572
        case .debugfs: 0x6462_6720
        case .tracefs: 0x7472_6163
        case .securityfs: 0x7363_6673
        case .cgroup: 0x0027_E0EB
        case .cgroup2: 0x6367_7270
        case .configfs: 0x6265_6570
        }
    }

    /// The pseudo-file system the open file `descriptor` lies on, or `nil` (another file
    /// system, or `fstatfs` failed).
    public static func of(descriptor: Int32) -> KernelPseudoFileSystem? {
        var info = statfs()
        guard fstatfs(descriptor, &info) == 0 else { return nil }
        return named(by: info.f_type)
    }

    /// The pseudo-file system the path `path` lies on, or `nil` (another file system, or
    /// `statfs` failed).
    public static func of(path: UnsafePointer<CChar>) -> KernelPseudoFileSystem? {
        var info = statfs()
        guard statfs(path, &info) == 0 else { return nil }
        return named(by: info.f_type)
    }

    private static func named(by type: Int) -> KernelPseudoFileSystem? {
        let magic = UInt(bitPattern: type) & 0xFFFF_FFFF
        return allCases.first { $0.magic == magic }
    }
}
