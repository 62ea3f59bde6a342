/// Images written as C source: XPM (`/* XPM */`). (ASCII Netpbm images are told by their
/// header in the signature table, ``NetpbmSignature``, before text is considered.)
enum XPixmapTextShape {
    /// An XPM image.
    static func recognize(_ t: UnsafeRawBufferPointer, from start: Int) -> TextStructureMatch? {
        guard t.has("/* XPM */", at: start) else { return nil }
        return TextStructureMatch(mimeType: "image/x-xpixmap", detail: "/* XPM */ comment")
    }
}
