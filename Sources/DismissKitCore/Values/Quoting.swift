/// `string` in double quotes, as messages name ids, files and values.
package func quoted(_ string: String) -> String {
    "\"\(string)\""
}

/// `number` as messages show it: Swift's shortest form that reads back the same, without a
/// trailing `.0`.
package func describedNumber(_ number: Double) -> String {
    let text = number.description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
}
