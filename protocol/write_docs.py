"""The host commands and the intents as the guide (Docs/protocol.md) and the manual page
(dismisskit-protocol(7)) list them, from the vocabulary."""

from __future__ import annotations

import re

from vocabulary import Entry, Vocabulary


def _intents(vocabulary: Vocabulary) -> list[Entry]:
    return [entry for entry in vocabulary.enum("dk_intent_type").entries if not entry.explain_only]


def markdown_intents(vocabulary: Vocabulary) -> str:
    """Docs/protocol.md's table of intents."""
    lines = ["| type | fields |", "|---|---|"]
    for entry in _intents(vocabulary):
        notes, enums = dict(entry.field_notes), dict(entry.field_enums)
        fields = []
        for field in entry.fields:
            if field in enums:
                names = ", ".join(f"`{value.json}`" for value in vocabulary.enum(enums[field]).entries)
                fields.append(f"`{field}` ({names})")
            elif field in notes:
                fields.append(f"`{field}` ({notes[field]})")
            else:
                fields.append(f"`{field}`")
        lines.append(f"| `{entry.json}` | {', '.join(fields)}" + (f": {entry.note}" if entry.note else "") + " |")
    return "\n".join(lines) + "\n"


def _roff_text(text: str) -> str:
    """Markdown's code spans bold, a link in parentheses left out and any other its text, hyphens
    escaped, for roff."""
    text = re.sub(r"\s*\(\[[^]]+\]\([^)]+\)\)", "", text)  # a link in parentheses: the guide's, not the page's
    text = re.sub(r"\[([^]]+)\]\([^)]+\)", r"\1", text).replace("-", "\\-")
    return re.sub(r"`([^`]+)`", r"\\fB\1\\fR", text)


def manpage_intents(vocabulary: Vocabulary) -> str:
    """dismisskit-protocol(7)'s list of intents, one .TP each."""
    lines = []
    for entry in _intents(vocabulary):
        notes, enums = dict(entry.field_notes), dict(entry.field_enums)
        lines += [".TP", f".B {entry.json}"]
        for i, field in enumerate(entry.fields):
            end = "." if i == len(entry.fields) - 1 and not entry.note else ":" if i == len(entry.fields) - 1 else ","
            if field in enums:
                names = ' ", " '.join(value.json for value in vocabulary.enum(enums[field]).entries)
                lines += [f".B {field}", f".RB ( {names} ){end}"]
            elif field in notes:
                lines += [f".B {field}", f"({_roff_text(notes[field])}){end}"]
            else:
                lines.append(f".BR {field} {end}")
        if entry.note:
            lines.append(_roff_text(entry.note) + ".")
    return "\n".join(lines) + "\n"


def markdown_commands(vocabulary: Vocabulary) -> str:
    """Docs/protocol.md's block of example commands."""
    return "\n".join(["```json"] + [command.example for command in vocabulary.commands] + ["```"]) + "\n"


def manpage_commands(vocabulary: Vocabulary) -> str:
    """dismisskit-protocol(7)'s list of host commands, one .TP each: the example without spaces
    (roff would take a space's next word starting with a quote as a quoted argument), free to
    break after a comma, and its note."""
    lines = []
    for command in vocabulary.commands:
        example = re.sub(r"(?<=[:,])\s+", "", command.example).replace(",", ",\\:")  # \: lets a line break there
        note = vocabulary.values(command.note, lambda name: f"`{name}`")
        lines += [".TP", f".B \\%{example}", _roff_text(note)]  # \\%: never hyphenated
    return "\n".join(lines) + "\n"
