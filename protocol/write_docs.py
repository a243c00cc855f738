"""The host commands and the intents as the guide (Docs/protocol.md) and the manual page
(dismisskit-protocol(7)) list them, and the scene file's fields as Docs/scene.md and
dismisskit-scene(5) do, from the vocabulary."""

from __future__ import annotations

import re

from vocabulary import Entry, SceneField, SceneObject, Vocabulary, listed


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


def _kind(vocabulary: Vocabulary, field: SceneField) -> str:
    """What a scene field's values are, in Markdown: an enum's names, an object's noun, a number's unit."""
    if field.type == "number":
        kind = ", ".join(([field.unit] if field.unit else []) + (["whole"] if field.integer else [])) or "number"
    elif field.type == "boolean":
        kind = "`true` or `false`"
    elif field.type == "detent":
        kind = "`medium`, `large` or points"
    elif field.type == "enum":
        kind = vocabulary.enum(field.enum).names(lambda name: f"`{name}`")
    else:
        noun = vocabulary.scene_object(field.object).noun if field.type == "object" else {"string": "string", "command": "host command"}[field.type]
        kind = f"{noun} object" if field.type in ("object", "command") else noun
        kind += "s" if field.array else ""
    return f"array of {kind}" if field.array else kind


def _values(vocabulary: Vocabulary, field: SceneField) -> str:
    """A scene field's values, then its range."""
    return "; ".join([_kind(vocabulary, field)] + ([field.range] if field.range else []))


def _meaning(field: SceneField) -> str:
    """What a scene field means, and whether a scene command takes it."""
    return field.doc + ("; a scene file's only: a `scene` command refuses it" if field.file_only else "")


def _holders(vocabulary: Vocabulary, scene_object: SceneObject) -> list[str]:
    """The fields whose values are the object, as code."""
    return [f"`{f.name}`" for o in vocabulary.scene for f in o.fields if f.object == scene_object.name]


def _default(field: SceneField) -> str:
    """A scene field's default in Markdown: JSON as code."""
    return "required" if field.required else f"`{field.default}`" if field.default[0] in "[{" else field.default


def markdown_scene(vocabulary: Vocabulary, names: list[str]) -> str:
    """Docs/scene.md's tables of the named objects' fields, each but a whole file's under its title."""
    parts = []
    for name in names:
        scene_object = vocabulary.scene_object(name)
        holders = _holders(vocabulary, scene_object)
        lines = [f"**{scene_object.title}** ({listed(holders, 'and')}):", ""] if holders else []
        lines += ["| field | values | default | meaning |", "|---|---|---|---|"]
        for field in scene_object.fields:
            lines.append(f"| `{field.name}` | {_values(vocabulary, field)} | {_default(field)} | {_meaning(field)} |")
        parts.append("\n".join(lines))
    return "\n\n".join(parts) + "\n"


_ROFF_SPELLINGS = {"×": "x", "−": "-", "µs": "microseconds", "…": "..."}
_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")


def _roff_sentence(text: str) -> str:
    """A guide's words as a roff sentence: capitalized, ASCII (10⁹ as 10^9, × as x, µs spelled
    out), through _roff_text, with a full stop."""
    for symbol, spelling in _ROFF_SPELLINGS.items():
        text = text.replace(symbol, spelling)
    text = re.sub(r"[⁰¹²³⁴⁵⁶⁷⁸⁹]+", lambda m: "^" + m.group(0).translate(_SUPERSCRIPTS), text)
    text = _roff_text(text[0].upper() + text[1:])
    if not text.isascii():
        raise ValueError(f"no roff spelling for a character of {text!r}")
    return text if text.endswith(".") else text + "."


def manpage_scene(vocabulary: Vocabulary, names: list[str]) -> str:
    """dismisskit-scene(5)'s lists of the named objects' fields, one .TP each, each object but
    a whole file's under its own .SS."""
    lines = []
    for name in names:
        scene_object = vocabulary.scene_object(name)
        holders = _holders(vocabulary, scene_object)
        if holders:
            lines += [f".SS {scene_object.title}", _roff_sentence("in " + listed(holders, "and"))]
        for field in scene_object.fields:
            default = "Required." if field.required else _roff_sentence(f"default: {_default(field)}")
            lines += [".TP", f".B {field.name}", _roff_sentence(_meaning(field)),
                      _roff_sentence(f"values: {_values(vocabulary, field)}") + " " + default]
    return "\n".join(lines) + "\n"
