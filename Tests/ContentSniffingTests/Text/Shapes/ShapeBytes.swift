/// Runs a text shape's check on the UTF-8 bytes of `text`, the window the classifier and the
/// structure step hand the shapes.
func checkBytes<Result>(of text: String, _ check: (UnsafeRawBufferPointer) -> Result) -> Result {
    var text = text
    return text.withUTF8 { check(UnsafeRawBufferPointer($0)) }
}
