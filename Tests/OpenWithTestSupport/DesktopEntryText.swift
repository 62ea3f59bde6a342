/// The text of a desktop entry for an application named `name` that runs `exec` and claims the
/// MIME types `mime`; `extra` is appended as further lines (`Categories=…`, `TryExec=…`).
public func desktopEntry(name: String, exec: String = "true %f", mime: [String], extra: String = "") -> String {
    """
    [Desktop Entry]
    Type=Application
    Name=\(name)
    Exec=\(exec)
    MimeType=\(mime.joined(separator: ";"));
    \(extra)
    """
}
