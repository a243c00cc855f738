import DismissKit

/// A command line split into options and positional arguments, by hand, in the
/// conventions of swift-argument-parser (`--name value`, `--name=value`, `--flag`, and a short
/// name for an option: `-o value`).
struct CommandLineArguments {
    /// A usage error: the message, printed with the subcommand's usage line.
    struct UsageError: Error {
        var message: String
    }

    private(set) var positional: [String] = []
    private var values: [String: [String]] = [:]
    /// How many times each flag was given.
    private var flags: [String: Int] = [:]

    /// - Parameters:
    ///   - valueOptions: option names (without `--`) that take a value.
    ///   - flagOptions: option names that take none.
    ///   - shortNames: short names (`-o`) for long option names (`output`).
    init(_ arguments: [String], valueOptions: Set<String>, flagOptions: Set<String>,
         shortNames: [String: String] = [:]) throws(UsageError) {
        var index = 0
        while index < arguments.count {
            var argument = arguments[index]
            index += 1
            if let long = shortNames[argument] { argument = "--" + long }
            guard argument.hasPrefix("--"), argument.count > 2 else {
                if argument == "--" {
                    positional.append(contentsOf: arguments[index...])
                    return
                }
                if argument.hasPrefix("-") && argument.count > 1 {
                    throw UsageError(message: "unknown option '\(argument)'")
                }
                positional.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if valueOptions.contains(name) {
                if let inlineValue {
                    values[name, default: []].append(inlineValue)
                } else if index < arguments.count {
                    values[name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw UsageError(message: "missing value for '--\(name)'")
                }
            } else if flagOptions.contains(name) && inlineValue == nil {
                flags[name, default: 0] += 1
            } else {
                throw UsageError(message: "unknown option '--\(name)'")
            }
        }
    }

    /// The option's value; a usage error when it was given more than once.
    func value(_ name: String) throws(UsageError) -> String? {
        guard let given = values[name] else { return nil }
        guard given.count == 1 else { throw UsageError(message: "'--\(name)' given more than once") }
        return given[0]
    }

    /// Every value given for a repeatable option.
    func values(_ name: String) -> [String] { values[name] ?? [] }

    func flag(_ name: String) -> Bool { flags[name] != nil }

    /// How many times a flag was given (`--verbose --verbose`).
    func count(of name: String) -> Int { flags[name] ?? 0 }

    /// A usage error when any positional argument was given.
    func expectNoPositionalArguments() throws(UsageError) {
        if let first = positional.first { throw UsageError(message: "unexpected argument '\(first)'") }
    }
}

extension CommandLineArguments {
    /// The `--calibration` option of `replay` and `run`: libinput's six values, separated by spaces or commas.
    func calibration() throws(UsageError) -> CalibrationMatrix? {
        guard let text = try value("calibration") else { return nil }
        guard let matrix = CalibrationMatrix(parsing: text) else {
            throw UsageError(message: "'--calibration' needs six numbers \"a b c d e f\", got '\(text)'")
        }
        return matrix
    }
}
