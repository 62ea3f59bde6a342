/// A plain command line — known flags, known options with one value each, and files — scanned
/// without the argument parser, for the fast paths. `nil` when anything else appears (then
/// the parser handles the command line and reports what is wrong).
///
/// Flags and options are plain arrays searched linearly: there are a handful, and hashed
/// collections of strings cost more to set up at process start than the whole scan.
package struct PlainArguments {
    private(set) var flags: [String] = []
    private var optionValues: [(name: String, value: String)] = []
    private(set) var files: [String] = []

    package init?(_ arguments: some Collection<String>, flags knownFlags: [String], options knownOptions: [String]) {
        var onlyFiles = false
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if onlyFiles || !argument.hasPrefix("-") || argument == "-" {
                files.append(argument)
            } else if argument == "--" {
                onlyFiles = true
            } else if knownFlags.contains(argument) {
                flags.append(argument)
            } else if knownOptions.contains(argument), let value = iterator.next() {
                optionValues.append((argument, value))
            } else {
                return nil
            }
        }
        if files.isEmpty { return nil }
    }

    /// The value given for an option (the last one, when repeated).
    package subscript(option name: String) -> String? {
        optionValues.last { $0.name == name }?.value
    }
}
