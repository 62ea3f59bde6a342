import OpenWithTestSupport

/// A machine in a temporary folder: XDG folders, a catalog path, and the files the tests write.
struct WorkspaceFixture {
    static let pngBytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [UInt8](repeating: 0, count: 17)

    let folder: TemporaryDirectory
    let environment: [String: String]

    init(_ label: String) {
        folder = TemporaryDirectory(label)
        environment = [
            "HOME": folder.path("home"),
            "XDG_DATA_HOME": folder.path("home/.local/share"),
            "XDG_DATA_DIRS": folder.path("usr/share"),
            "XDG_CONFIG_HOME": folder.path("home/.config"),
            "XDG_CONFIG_DIRS": folder.path("etc/xdg"),
            "OPENWITH_CATALOG": folder.path("data/catalog.sqlite"),
        ]
    }

    /// A desktop entry in the user's applications folder.
    @discardableResult
    func desktopEntry(_ id: String, name: String, mimeTypes: String) throws -> String {
        try folder.write(
            "home/.local/share/applications/\(id)",
            text: "[Desktop Entry]\nType=Application\nName=\(name)\nExec=/bin/true %f\nMimeType=\(mimeTypes)\n")
    }
}
