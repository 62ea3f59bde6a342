import Glibc

/// Where a document provider may keep its storage.
///
/// Policy: a root is an absolute folder path (a relative one is made absolute against the
/// working directory; an empty one is refused rather than taken to mean it). It must not be
/// `/`, and must not overlap the catalog's data folder — neither inside it (where app
/// containers live: a provider could then grant another app's inbox) nor containing it — with
/// both compared as written and with symbolic links resolved. The rule is checked when a
/// provider registers and again each time its storage is used.
enum ProviderStorageRoot {
    /// The normalised root, after checking it against `dataFolder`.
    ///
    /// - Throws: ``HandOverError`` `.invalidStorageRoot` naming the root and the reason.
    static func validated(_ root: String, dataFolder: String) throws(HandOverError) -> String {
        guard !root.isEmpty else {
            throw HandOverError(.invalidStorageRoot, reason: "the storage root is empty", path: root)
        }
        let absolute = try PathNormalization.absolute(root)
        guard absolute != "/" else {
            throw HandOverError(.invalidStorageRoot, reason: "the whole file system cannot be a provider's storage", path: root)
        }
        let data = (try? PathNormalization.absolute(dataFolder)) ?? dataFolder
        for (candidate, catalogFolder) in [(absolute, data), (resolved(absolute), resolved(data))] {
            if candidate == catalogFolder || catalogFolder.hasPrefix(candidate + "/") {
                throw HandOverError(
                    .invalidStorageRoot, reason: "the storage root contains the catalog's data folder \(data), with every app's container",
                    path: root)
            }
            if candidate.hasPrefix(catalogFolder + "/") {
                throw HandOverError(
                    .invalidStorageRoot, reason: "the storage root is inside the catalog's data folder \(data), where app containers live",
                    path: root)
            }
        }
        return absolute
    }

    /// `path` with symbolic links resolved as far as it exists (the rest appended as written).
    private static func resolved(_ path: String) -> String {
        var head = path
        var tail: [Substring] = []
        while head != "/" && !head.isEmpty {
            if let base = RealPath.resolve(head) {
                return tail.isEmpty ? base : (base == "/" ? "" : base) + "/" + tail.reversed().joined(separator: "/")
            }
            guard let slash = head.lastIndex(of: "/") else { break }
            tail.append(head[head.index(after: slash)...])
            head = slash == head.startIndex ? "/" : String(head[..<slash])
        }
        return path
    }
}
