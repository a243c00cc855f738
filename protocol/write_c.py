"""The C library's header and symbol map, from the vocabulary."""

from __future__ import annotations

import textwrap

from vocabulary import Constant, Declaration, Entry, Enum, Function, Opaque, Struct, Vocabulary, release_order

WIDTH = 99  # a comment's lines
CODE_WIDTH = 120  # a declaration's lines


def _wrap(text: str, first: str, rest: str) -> list[str]:
    """text filled to WIDTH, its first line after first and the others after rest."""
    return textwrap.wrap(text, WIDTH, initial_indent=first, subsequent_indent=rest, break_long_words=False,
                         break_on_hyphens=False)


def _tagged(tag: str, text: str) -> list[str]:
    """A Doxygen tag's lines in a long comment: " * @tag text", continued under its text."""
    return _wrap(f"{tag} {text}", " * ", " * " + " " * (len(tag.split()[0]) + 1))


def _paragraphs(vocabulary: Vocabulary, description: tuple[str, ...], prefix: str) -> list[str]:
    """A description's lines in a comment, as they are written, but for a paragraph with a
    placeholder, which is filled to WIDTH once the placeholder is."""
    lines: list[str] = []
    paragraph: list[str] = []
    verbatim = False

    def flush() -> None:
        text = " ".join(paragraph)
        if vocabulary.expand(text) != text:
            lines.extend(_wrap(vocabulary.expand(text), prefix, prefix))
        else:
            lines.extend(f"{prefix}{line}" for line in paragraph)
        paragraph.clear()

    for line in description:
        if line.startswith("@code"):
            flush()
            verbatim = True
        if verbatim or not line or line.startswith("@par") or line.startswith("@brief") or line.startswith("@file"):
            flush()
            lines.append(f"{prefix}{line}".rstrip())
        else:
            paragraph.append(line)
        if line.startswith("@endcode"):
            verbatim = False
    flush()
    return lines


def _short_comment(vocabulary: Vocabulary, brief: str, description: tuple[str, ...], since: str) -> list[str]:
    """/** @brief ... *  @since ... */: the form of a type's or constant's comment."""
    lines = _wrap("@brief " + vocabulary.expand(brief), "/** ", " *  ")
    if description:
        lines += [" *"] + _paragraphs(vocabulary, description, " * ")
    lines.append(f" *  @since {since} */")
    return lines


def _entry_comment(entry: Entry) -> str:
    """What an enum value's comment says: its JSON name, what it means, an intent's fields."""
    text = f'"{entry.json}"'
    if entry.fields:
        return text + (f", {entry.doc}" if entry.doc else "") + ": " + ", ".join(entry.fields)
    return text + (f": {entry.doc}" if entry.doc else "")


SHORT = 30  # the longest code of a run of short lines, whose comments line up apart from the long ones


def _aligned(items: list[tuple[str, str]]) -> list[str]:
    """Code and its /**< comment */, the comments in one column."""
    column = max(len(code) for code, _ in items) + 1
    return [f"    {code.ljust(column)}/**< {comment} */" for code, comment in items]


def _aligned_in_runs(items: list[tuple[str, str]]) -> list[str]:
    """As _aligned, in two columns: one for the short lines before the first long one, one for
    the rest."""
    split = next((i for i, (code, _) in enumerate(items) if len(code) > SHORT), len(items))
    return [line for run in (items[:split], items[split:]) if run for line in _aligned(run)]


def _enum(vocabulary: Vocabulary, enum: Enum) -> list[str]:
    last = len(enum.entries) - 1
    items = [(f"{e.c_name} = {e.value}" + ("," if i < last else ""), _entry_comment(e)) for i, e in enumerate(enum.entries)]
    return (_short_comment(vocabulary, enum.brief, enum.description, enum.since) + ["typedef enum {"] + _aligned(items)
            + [f"}} {enum.name};"])


def _struct(vocabulary: Vocabulary, struct: Struct) -> list[str]:
    items = [(f"{field.declaration};", field.doc) for field in struct.fields]
    return (_short_comment(vocabulary, struct.brief, struct.description, struct.since) + ["typedef struct {"]
            + _aligned_in_runs(items) + [f"}} {struct.name};"])


def _declarator(type_: str, name: str) -> str:
    """A type and a name as C writes them: "char *name", "int name"."""
    return f"{type_}{name}" if type_.endswith("*") else f"{type_} {name}"


def _prototype(function: Function) -> list[str]:
    """The declaration, its arguments wrapped under the first at CODE_WIDTH."""
    start = _declarator(function.returns, function.name) + "("
    arguments = [_declarator(a.type, a.name) for a in function.arguments] or ["void"]
    lines, line = [], start
    for i, argument in enumerate(arguments):
        piece = argument + (", " if i < len(arguments) - 1 else ");")
        if len(line) + len(piece.rstrip()) > CODE_WIDTH and line.strip() and not line.endswith("("):
            lines.append(line.rstrip())
            line = " " * len(start)
        line += piece
    return lines + [line]


def _function(vocabulary: Vocabulary, function: Function) -> list[str]:
    lines = ["/**"] + _tagged("@brief", vocabulary.expand(function.brief))
    if function.description:
        lines += [" *"] + _paragraphs(vocabulary, function.description, " * ")
    for argument in function.arguments:
        lines += _tagged(f"@param {argument.name}", argument.doc)
    if function.return_doc:
        lines += _tagged("@return", function.return_doc)
    return lines + [f" * @since {function.since}", " */"] + _prototype(function)


def _declaration(vocabulary: Vocabulary, declaration: Declaration) -> list[str]:
    if isinstance(declaration, Enum):
        return _enum(vocabulary, declaration)
    if isinstance(declaration, Function):
        return _function(vocabulary, declaration)
    if isinstance(declaration, Struct):
        return _struct(vocabulary, declaration)
    if isinstance(declaration, Constant):
        return _short_comment(vocabulary, declaration.brief, (), declaration.since) + [
            f"#define {declaration.name} {declaration.value}"]
    if isinstance(declaration, Opaque):
        return _short_comment(vocabulary, declaration.brief, (), declaration.since) + [
            f"typedef struct {declaration.name} {declaration.name};"]
    raise TypeError(declaration)


def header(vocabulary: Vocabulary) -> str:
    """dismisskit.h."""
    guard = vocabulary.header.upper().replace(".", "_")
    lines = ["/**"] + _paragraphs(vocabulary, vocabulary.description, " * ") + [
        " */", f"#ifndef {guard}", f"#define {guard}", "", "#include <stdint.h>", "",
        "#ifdef __cplusplus", 'extern "C" {', "#endif", ""]
    for group in vocabulary.groups:
        lines += ["/**", f" * @defgroup {group.name} {group.title}"]
        lines += _paragraphs(vocabulary, group.description, " * ")
        lines += [" * @{", " */", ""]
        for declaration in group.declarations:
            lines += _declaration(vocabulary, declaration) + [""]
        lines += ["/** @} */", ""]
    lines += ["#ifdef __cplusplus", "}", "#endif", "", f"#endif /* {guard} */"]
    return "\n".join(lines) + "\n"


def symbol_map(vocabulary: Vocabulary) -> str:
    """dismisskit.map: the header's functions, the only symbols the library exports, each in the
    node of the release it came in (its `since`), every node inheriting the one before."""
    base = vocabulary.symbols.rsplit("_", 1)[0]
    releases = sorted({function.since for function in vocabulary.functions}, key=release_order)
    lines = [
        "/* The symbols libdismisskit.so.0 exports: the functions of dismisskit.h, versioned as libinput",
        "   versions its own (a release that adds functions adds a node of its own that inherits the",
        "   one before). Everything else in the library, the Swift code behind them, stays inside.",
        "   Package.swift gives this file to the linker; Tests/C/run checks it against the header.",
        "   Written by script/protocol from protocol/dismisskit.xml: edit that. */",
    ]
    for index, release in enumerate(releases):
        names = sorted(function.name for function in vocabulary.functions if function.since == release)
        lines += [f"{base}_{release} {{", "    global:", *[f"        {name};" for name in names]]
        lines += ["    local:", "        *;", "};"] if index == 0 else [f"}} {base}_{releases[index - 1]};"]
    return "\n".join(lines) + "\n"
