import ContentSniffing
import Testing
import UniformTypes

/// One row of the case table: a name, the type the sniffer must answer, and the bytes.
struct SignatureCase: Sendable, CustomTestStringConvertible {
    let name: String
    let expected: TypeIdentifier
    let bytes: [UInt8]
    /// The strength the answer must have, when the case pins it.
    var strength: SignatureStrength?

    init(_ name: String, _ expected: TypeIdentifier, _ bytes: [UInt8], _ strength: SignatureStrength? = nil) {
        self.name = name
        self.expected = expected
        self.bytes = bytes
        self.strength = strength
    }

    var testDescription: String { "\(name) → \(expected)" }
}
