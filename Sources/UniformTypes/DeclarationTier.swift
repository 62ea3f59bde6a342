/// Where a declaration comes from, which decides who wins when an identifier is declared twice.
///
/// Policy: `exported` beats `imported` beats `system` for an app-declared identifier, but a
/// system declaration of a `public.` identifier is never replaced by an app's.
public enum DeclarationTier: Int, Sendable, Comparable, Codable, CaseIterable, CustomStringConvertible {
    /// Declared by the system catalog (Apple's system types and shared-mime-info).
    case system = 0
    /// Imported by an app (`UTImportedTypeDeclarations`): a type the app uses but does not own.
    case imported = 1
    /// Exported by an app (`UTExportedTypeDeclarations`): the app owns the type.
    case exported = 2

    public static func < (lhs: DeclarationTier, rhs: DeclarationTier) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .system: "system"
        case .imported: "imported"
        case .exported: "exported"
        }
    }
}
