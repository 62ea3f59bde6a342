/// The four modes of the document picker (`UIDocumentPickerViewController`).
public enum DocumentPickerMode: String, Sendable, Codable, CaseIterable {
    /// A copy the picking app owns, in its `tmp/<app-id>-Inbox/`.
    case `import`
    /// No copy: a security-scoped grant to the original, with balanced start/stop access.
    case open
    /// A copy into a document provider's storage.
    case export
    /// A move into a document provider's storage.
    case move
}
