import DismissKitCore

/// Reads the members of one JSON object by key, so that keys nobody read can be rejected.
///
/// Errors name the line of the offending value and its path from the root,
/// such as `presentations[1].detents[0]: expected "medium", "large" or a number`.
public struct JSONObjectReader {
    /// The object's path from the root (empty for the root itself).
    public let path: String
    /// The line the object starts on.
    public let line: Int
    private let members: [JSONValue.Member]
    /// Whether each member was read (its keys are distinct: the parser refuses duplicates).
    private var read: [Bool]

    /// Starts reading `value`, which must be an object.
    public init(_ value: JSONValue, path: String) throws(JSONInputError) {
        guard case .object(let members) = value.kind else {
            throw value.failure(at: path, "expected an object, found \(value.kindDescription)")
        }
        self.path = path
        self.line = value.line
        self.members = members
        read = [Bool](repeating: false, count: members.count)
    }

    /// Whether the object has `key` (without marking it read).
    public func contains(_ key: String) -> Bool {
        members.contains { $0.key == key }
    }

    /// The value of `key`, or nil when the object does not have it.
    public mutating func optional(_ key: String) -> JSONValue? {
        guard let index = members.firstIndex(where: { $0.key == key }) else { return nil }
        read[index] = true
        return members[index].value
    }

    /// The value of `key`; an error naming the key when it is missing.
    public mutating func required(_ key: String) throws(JSONInputError) -> JSONValue {
        guard let value = optional(key) else {
            throw JSONInputError(line: line, reason: JSONValue.prefixed(path, "missing key \(quoted(key))"))
        }
        return value
    }

    /// The path of a member, for error messages and nested readers.
    public func path(of key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// Throws for the first key that was never read, naming it and its line.
    public func rejectUnknownKeys() throws(JSONInputError) {
        for (member, read) in zip(members, read) where !read {
            throw JSONInputError(line: member.value.line, reason: JSONValue.prefixed(path, "unknown key \(quoted(member.key))"))
        }
    }

    /// Reads a required string member.
    public mutating func string(_ key: String) throws(JSONInputError) -> String {
        try required(key).string(at: path(of: key))
    }

    /// Reads a required presentation id: a string that ``PresentationIDRule`` takes.
    public mutating func presentationID(_ key: String) throws(JSONInputError) -> String {
        let value = try required(key)
        let id = try value.string(at: path(of: key))
        if let problem = PresentationIDRule.problem(with: id) {
            throw value.failure(at: path(of: key), problem)
        }
        return id
    }

    /// Reads an optional number member.
    public mutating func optionalNumber(_ key: String) throws(JSONInputError) -> Double? {
        guard let value = optional(key) else { return nil }
        return try value.number(at: path(of: key))
    }

    /// Reads an optional boolean member.
    public mutating func optionalBool(_ key: String) throws(JSONInputError) -> Bool? {
        guard let value = optional(key) else { return nil }
        return try value.bool(at: path(of: key))
    }

    /// Reads an optional string member that must name one of `choices`.
    public mutating func optionalChoice<Choice: RawRepresentable>(
        _ key: String, from choices: [Choice]
    ) throws(JSONInputError) -> Choice? where Choice.RawValue == String {
        guard let value = optional(key) else { return nil }
        return try value.choice(at: path(of: key), from: choices)
    }

    /// Reads a required string member that must name one of `choices`.
    public mutating func choice<Choice: RawRepresentable>(
        _ key: String, from choices: [Choice]
    ) throws(JSONInputError) -> Choice where Choice.RawValue == String {
        try required(key).choice(at: path(of: key), from: choices)
    }
}

extension JSONValue {
    /// A short description of the value's kind, for "expected …, found …" messages.
    public var kindDescription: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// An error on this value's line, its reason prefixed with `path`.
    public func failure(at path: String, _ reason: String) -> JSONInputError {
        JSONInputError(line: line, reason: JSONValue.prefixed(path, reason))
    }

    static func prefixed(_ path: String, _ reason: String) -> String {
        path.isEmpty ? reason : "\(path): \(reason)"
    }

    /// The value as a string.
    public func string(at path: String) throws(JSONInputError) -> String {
        guard case .string(let string) = kind else {
            throw failure(at: path, "expected a string, found \(kindDescription)")
        }
        return string
    }

    /// The value as a number.
    public func number(at path: String) throws(JSONInputError) -> Double {
        guard case .number(let number) = kind else {
            throw failure(at: path, "expected a number, found \(kindDescription)")
        }
        return number
    }

    /// The value as a whole number that a `Double` holds exactly (at most 2^53 in magnitude).
    public func integer(at path: String) throws(JSONInputError) -> Int64 {
        let number = try number(at: path)
        guard number == number.rounded() else {
            throw failure(at: path, "expected a whole number, found \(JSONLine.formatNumber(number))")
        }
        // Beyond 2^53 the number read is not the one written: it is not quoted back.
        guard abs(number) <= InputLimits.exactJSONInteger else {
            throw failure(at: path, "expected a whole number from -2^53 to 2^53 (9007199254740992), found one beyond")
        }
        return Int64(number)
    }

    /// Whether the value is `null`.
    public var isNull: Bool {
        if case .null = kind { true } else { false }
    }

    /// The value as a boolean.
    public func bool(at path: String) throws(JSONInputError) -> Bool {
        guard case .bool(let bool) = kind else {
            throw failure(at: path, "expected true or false, found \(kindDescription)")
        }
        return bool
    }

    /// The value as an array.
    public func array(at path: String) throws(JSONInputError) -> [JSONValue] {
        guard case .array(let elements) = kind else {
            throw failure(at: path, "expected an array, found \(kindDescription)")
        }
        return elements
    }

    /// The value as one of `choices`, named by its raw value.
    public func choice<Choice: RawRepresentable>(
        at path: String, from choices: [Choice]
    ) throws(JSONInputError) -> Choice where Choice.RawValue == String {
        // The expectation is written only for an error: a scene names many choices.
        func expectation() -> String { "expected " + JSONValue.listing(choices.map { quoted($0.rawValue) }) }
        guard case .string(let string) = kind else {
            throw failure(at: path, "\(expectation()), found \(kindDescription)")
        }
        guard let choice = choices.first(where: { $0.rawValue == string }) else {
            throw failure(at: path, "\(expectation()), found \(quoted(string))")
        }
        return choice
    }

    /// `a`, `a or b`, `a, b or c`.
    static func listing(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        let leading = names.dropLast()
        return leading.isEmpty ? last : leading.joined(separator: ", ") + " or " + last
    }
}
