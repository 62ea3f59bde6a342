/// Text forms of the XML property-list scalars, as Core Foundation writes and accepts them.
extension PropertyListXMLReader {
    /// `<integer>`: optional white space, an optional sign, decimal digits or `0x` hex digits.
    /// Values outside `Int64` are refused.
    static func parseInteger(_ text: String) -> Int64? {
        let bytes = Array(trimmed(text).utf8)
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var radix: UInt64 = 10
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "0"),
            bytes[index + 1] == UInt8(ascii: "x") || bytes[index + 1] == UInt8(ascii: "X")
        {
            radix = 16
            index += 2
        }
        guard index < bytes.count else { return nil }
        var magnitude: UInt64 = 0
        while index < bytes.count {
            let byte = bytes[index]
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt64(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt64(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            let (shifted, overflow1) = magnitude.multipliedReportingOverflow(by: radix)
            let (sum, overflow2) = shifted.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return nil }
            magnitude = sum
            index += 1
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return Int64(magnitude)
    }

    /// `<real>`: a decimal or hex floating-point number, `nan`, `inf`, `infinity`, with optional sign.
    static func parseReal(_ text: String) -> Double? {
        let value = trimmed(text)
        guard !value.isEmpty else { return nil }
        if let number = Double(value) { return number }
        switch value.lowercased() {
        case "+infinity", "+inf": return .infinity
        default: return nil
        }
    }

    /// `<date>`: ISO 8601 in UTC, `YYYY-MM-DD[THH:MM[:SS[.fff]]][Z]`, as seconds since 2001-01-01.
    static func parseDate(_ text: String) -> Double? {
        let bytes = Array(trimmed(text).utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<digits {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                index += 1
            }
            return value
        }
        func expect(_ character: Character) -> Bool {
            guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
            index += 1
            return true
        }
        var sign = 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
        }
        guard let yearDigits = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2)
        else { return nil }
        let year = sign * yearDigits
        var hour = 0
        var minute = 0
        var second = 0.0
        if expect("T") {
            guard let h = number(2), expect(":"), let m = number(2) else { return nil }
            hour = h
            minute = m
            if expect(":") {
                guard let s = number(2) else { return nil }
                second = Double(s)
                if expect(".") {
                    var scale = 0.1
                    var sawDigit = false
                    while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                        second += Double(bytes[index] - UInt8(ascii: "0")) * scale
                        scale /= 10
                        sawDigit = true
                        index += 1
                    }
                    guard sawDigit else { return nil }
                }
            }
        }
        _ = expect("Z")
        guard index == bytes.count, (1...12).contains(month), day >= 1,
            day <= daysInMonth(month, year: year), hour <= 23, minute <= 59, second < 61
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day) - daysFromCivil(year: 2001, month: 1, day: 1)
        return Double(days) * 86_400 + Double(hour * 3600 + minute * 60) + second
    }

    /// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `<data>`: base64 (standard alphabet), white space ignored, padding optional.
    static func decodeBase64(_ text: String) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        var sextets = 0
        var sawPadding = false
        for byte in text.utf8 {
            let value: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="):
                sawPadding = true
                continue
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            default:
                return nil
            }
            guard !sawPadding else { return nil }
            accumulator = (accumulator << 6) | value
            bits += 6
            sextets += 1
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        guard sextets % 4 != 1 else { return nil }
        return output
    }

    private static func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        guard let first = utf8.firstIndex(where: { !XMLTokenizer.isSpace($0) }),
            let last = utf8.lastIndex(where: { !XMLTokenizer.isSpace($0) })
        else { return "" }
        return String(decoding: utf8[first...last], as: UTF8.self)
    }
}
