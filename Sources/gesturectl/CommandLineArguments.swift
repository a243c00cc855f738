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
    /// Each option's values, in the order given. (Arrays rather than a dictionary: a command line
    /// holds a handful of options, and a `String`-keyed collection costs a start-up its hashing's
    /// first-use set-up, which a small replay notices.)
    private var values: [(name: String, value: String)] = []
    /// Each flag, as often as it was given.
    private var flags: [String] = []

    /// - Parameters:
    ///   - valueOptions: option names (without `--`) that take a value.
    ///   - flagOptions: option names that take none.
    ///   - shortNames: short names (`-o`) for long option names (`output`).
    init(_ arguments: [String], valueOptions: some Sequence<String>, flagOptions: some Sequence<String>,
         shortNames: [String: String] = [:]) throws(UsageError) {
        var index = 0
        while index < arguments.count {
            var argument = arguments[index]
            index += 1
            if !shortNames.isEmpty, let long = shortNames[argument] { argument = "--" + long }
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
                    values.append((name, inlineValue))
                } else if index < arguments.count {
                    values.append((name, arguments[index]))
                    index += 1
                } else {
                    throw UsageError(message: "missing value for '--\(name)'")
                }
            } else if flagOptions.contains(name) && inlineValue == nil {
                flags.append(name)
            } else {
                throw UsageError(message: "unknown option '--\(name)'")
            }
        }
    }

    /// The option's value; a usage error when it was given more than once.
    func value(_ name: String) throws(UsageError) -> String? {
        let given = values(name)
        guard given.count <= 1 else { throw UsageError(message: "'--\(name)' given more than once") }
        return given.first
    }

    /// Every value given for a repeatable option.
    func values(_ name: String) -> [String] { values.filter { $0.name == name }.map { $0.value } }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// How many times a flag was given (`--verbose --verbose`).
    func count(of name: String) -> Int { flags.count { $0 == name } }

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
