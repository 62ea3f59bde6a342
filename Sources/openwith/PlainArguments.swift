/// A plain command line — known flags, known options with one value each, and files — scanned
/// without the argument parser, for the fast paths. `nil` when anything else appears (then
/// the parser handles the command line and reports what is wrong).
struct PlainArguments {
    private(set) var flags: Set<String> = []
    private(set) var options: [String: String] = [:]
    private(set) var files: [String] = []

    init?(_ arguments: some Collection<String>, flags knownFlags: Set<String>, options knownOptions: Set<String>) {
        var onlyFiles = false
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if onlyFiles || !argument.hasPrefix("-") || argument == "-" {
                files.append(argument)
            } else if argument == "--" {
                onlyFiles = true
            } else if knownFlags.contains(argument) {
                flags.insert(argument)
            } else if knownOptions.contains(argument), let value = iterator.next() {
                options[argument] = value
            } else {
                return nil
            }
        }
        if files.isEmpty { return nil }
    }
}
