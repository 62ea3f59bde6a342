extension Int {
    /// The number with a comma every three digits (`100000` → `100,000`), for benchmark names
    /// that read the same in every locale.
    public var groupedDescription: String {
        let digits = Array(String(magnitude))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return self < 0 ? "-" + result : result
    }
}
