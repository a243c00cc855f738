"""The bindings' copies of the closed sets, from the vocabulary: Python's enums, Qt's Q_ENUMs and
the proof that their numbers are the C library's, GTK's GObject enums and their GTypes."""

from __future__ import annotations

import re
import textwrap

from vocabulary import Enum, Vocabulary, release_order

WIDTH = 99
GTK_FIRST_RELEASE = "0.2.0"  # libdismisskit-gtk's: a closed set older than it came to GTK with it


def python_enums(vocabulary: Vocabulary) -> str:
    """Python's constants and enums (bindings/python/dismisskit.py's generated part)."""
    lines = []
    for c_name, name in (("DK_SEAT_SLOTS", "SEAT_SLOTS"), ("DK_CONFIRMATION_OPTIONS_MAX", "_OPTIONS_MAX")):
        constant = vocabulary.constant(c_name)
        lines += textwrap.wrap(f"{c_name}: {constant.brief}", WIDTH, initial_indent="# ", subsequent_indent="# ")
        lines += [f"{name} = {constant.value}", "", ""]
    for enum in vocabulary.enums:
        if not enum.binding:
            continue
        base = "enum.IntEnum" if enum.python_values == "numbers" else "str, enum.Enum"
        kind = "" if enum.python_values == "numbers" else "; the values are its JSON names"
        lines += [f"class {enum.binding}({base}):", f'    """{enum.name}: {enum.summary}{kind}."""', ""]
        for entry in enum.entries:
            value = entry.value if enum.python_values == "numbers" else f'"{entry.json}"'
            lines.append(f"    {entry.upper_snake} = {value}")
        lines += ["", ""]
    named = [enum for enum in vocabulary.enums if enum.binding and enum.python_values == "names"]
    # By set, then by name: two sets' members with the same name are equal as str (and hash alike).
    lines += ["# The C library's number of each value of the sets above that are spelled by name.",
              "_C_NUMBERS: dict[type[enum.Enum], dict[str, int]] = {"]
    for enum in named:
        text = f"{enum.binding}: {{" + ", ".join(f'"{e.json}": {e.value}' for e in enum.entries) + "},"
        lines += textwrap.wrap(text, 112, initial_indent=" " * 4, subsequent_indent=" " * 8, break_on_hyphens=False)
    lines += ["}"]
    return "\n".join(lines) + "\n"


def qt_enums(vocabulary: Vocabulary) -> str:
    """Pipeline's Q_ENUMs (bindings/qt/include/DismissKitQt/Pipeline.h's generated part)."""
    lines = []
    for enum in vocabulary.enums:
        if enum.qt:
            values = ", ".join(f"{entry.camel} = {entry.value}" for entry in enum.entries)
            declaration = f"    enum class {enum.qt} {{ {values} }};"
            if len(declaration) > 120:
                # Wrapped between values, never inside one ("Alert = 7").
                wrapped = textwrap.wrap(values.replace(" = ", "\0=\0"), 120, initial_indent=" " * 8,
                                        subsequent_indent=" " * 8)
                declaration = "\n".join([f"    enum class {enum.qt} {{"] + [line.replace("\0", " ") for line in wrapped]
                                        + ["    };"])
            lines += [f"    // {enum.name}: {enum.summary}.", declaration, f"    Q_ENUM({enum.qt})"]
    return "\n".join(lines) + "\n"


def qt_checks(vocabulary: Vocabulary) -> str:
    """The static_asserts that Qt's numbers are the C library's (Pipeline.cpp's generated part)."""
    return "".join(f"static_assert(int(Pipeline::{enum.qt}::{entry.camel}) == {entry.c_name});\n"
                   for enum in vocabulary.enums if enum.qt for entry in enum.entries)


def _snake(type_name: str) -> str:
    """DkDragOrigin's words after Dk, lower case and joined by _: drag_origin."""
    return "_".join(word.lower() for word in re.findall(r"[A-Z][a-z]*", type_name)[1:])


def _gtk_flags_prefix(enum: Enum) -> str:
    return f"DK_GTK_{_snake(enum.gtk_flags).upper()}_"


GENERATED = "Written by script/protocol from protocol/dismisskit.xml: edit that."


def gtk_header(vocabulary: Vocabulary) -> str:
    """dismisskit-gtk/dk-enums.h."""
    lines = ["/* The closed sets a DkPipeline's signals and methods carry: dismisskit.h's, numbered the same,",
             " * as GObject enums (their values are prefixed DK_GTK_ so that a file may include both headers).",
             f" * {GENERATED} */", "#pragma once", "", "#include <glib-object.h>", "", "G_BEGIN_DECLS", ""]
    gtk = [enum for enum in vocabulary.enums if enum.gtk]
    for enum in gtk:
        since = max(enum.since, GTK_FIRST_RELEASE, key=release_order)
        lines += ["/**", f" * {enum.gtk}:"]
        lines += [f" * @{enum.gtk_prefix}{e.upper_snake}: {e.doc}" for e in enum.entries]
        lines += [" *"] + textwrap.wrap(enum.brief, WIDTH, initial_indent=" * ", subsequent_indent=" * ")
        lines += [" *", f" * Since: {since}", " */", "typedef enum {"]
        lines += [f"    {enum.gtk_prefix}{e.upper_snake} = {e.value}" + ("," if i < len(enum.entries) - 1 else "")
                  for i, e in enumerate(enum.entries)]
        lines += [f"}} {enum.gtk};", ""]
        if enum.gtk_flags:
            prefix = _gtk_flags_prefix(enum)
            lines += ["/**", f" * {enum.gtk_flags}:", f" * @{prefix}NONE: none"]
            lines += [f' * @{prefix}{e.upper_snake}: "{e.json}" is offered' for e in enum.entries]
            lines += [" *", f" * A set of #{enum.gtk}: bit N is #{enum.gtk} N.", " *", f" * Since: {since}", " */",
                      "typedef enum /*< flags >*/ {", f"    {prefix}NONE = 0,"]
            lines += [f"    {prefix}{e.upper_snake} = 1 << {enum.gtk_prefix}{e.upper_snake}"
                      + ("," if i < len(enum.entries) - 1 else "") for i, e in enumerate(enum.entries)]
            lines += [f"}} {enum.gtk_flags};", ""]
    for type_name in [t for enum in gtk for t in (enum.gtk, enum.gtk_flags) if t]:
        snake = _snake(type_name)
        lines += [f"#define DK_TYPE_{snake.upper()} (dk_gtk_{snake}_get_type())", f"GType dk_gtk_{snake}_get_type(void);"]
    return "\n".join(lines + ["", "G_END_DECLS"]) + "\n"


def gtk_source(vocabulary: Vocabulary) -> str:
    """dk-enums.c: the GTypes, and the proof that their numbers are dismisskit.h's."""
    gtk = [enum for enum in vocabulary.enums if enum.gtk]
    lines = [f"/* The enums' GTypes, and the proof that their numbers are dismisskit.h's. {GENERATED} */",
             '#include "dismisskit-gtk/dk-enums.h"', "", "#include <dismisskit.h>", ""]
    lines += [f'_Static_assert((int){enum.gtk_prefix}{e.upper_snake} == {e.c_name}, "{enum.name}");'
              for enum in gtk for e in enum.entries]
    lines += ["", "/* Nicks are the JSON's names in GObject's way (\"swipeFromTop\" is \"swipe-from-top\"), from which",
              " * introspection names the values (DismissKit.DismissalSource.SWIPE_FROM_TOP). */"]
    for enum in gtk:
        values = [f'G_DEFINE_ENUM_VALUE({enum.gtk_prefix}{e.upper_snake}, "{e.kebab}")' for e in enum.entries]
        lines += [f"G_DEFINE_ENUM_TYPE({enum.gtk}, dk_gtk_{_snake(enum.gtk)},"] + [
            f"    {value}" + ("," if i < len(values) - 1 else ")") for i, value in enumerate(values)]
        if enum.gtk_flags:
            prefix = _gtk_flags_prefix(enum)
            values = [f'G_DEFINE_ENUM_VALUE({prefix}NONE, "none")'] + [
                f'G_DEFINE_ENUM_VALUE({prefix}{e.upper_snake}, "{e.kebab}")' for e in enum.entries]
            lines += [f"G_DEFINE_FLAGS_TYPE({enum.gtk_flags}, dk_gtk_{_snake(enum.gtk_flags)},"] + [
                f"    {value}" + ("," if i < len(values) - 1 else ")") for i, value in enumerate(values)]
    return "\n".join(lines) + "\n"


def _ts_union(enum: Enum) -> str:
    """The JSON names as a TypeScript union: "a" | "b"."""
    return " | ".join(f'"{entry.json}"' for entry in enum.entries)


def web_module(vocabulary: Vocabulary) -> str:
    """dismisskit.js's names of the closed sets its calls take (its generated part)."""
    touch = vocabulary.enum("dk_touch_type")
    pairs = ", ".join(f'["{e.json}", {e.value}]' for e in touch.entries)
    seat_slots = vocabulary.constant("DK_SEAT_SLOTS")
    states = ", ".join(f'"{e.json}"' for e in vocabulary.enum("dk_recording_state").entries)
    roles = ", ".join(f'"{e.json}"' for e in vocabulary.enum("dk_presentation_role").entries)
    return "\n".join([
        "// dk_touch_type's numbers by name: a Map, so that only these names are types (an object would",
        '// find "constructor" and "__proto__").',
        f"const touchTypes = new Map([{pairs}]);",
        "/** The seat slots a contact may have, as dismisskit.h's DK_SEAT_SLOTS. */",
        f"const seatSlots = {seat_slots.value};",
        "// dk_recording_state's names, by number.",
        f"const recordingStates = [{states}];",
        "// dk_presentation_role's names, by number.",
        f"const presentationRoles = [{roles}];",
    ]) + "\n"


def web_types(vocabulary: Vocabulary) -> str:
    """The closed sets as TypeScript unions of their JSON names (dismisskit.d.ts's generated part)."""
    lines = []
    for enum in vocabulary.enums:
        if enum.binding:
            union = f"export type {enum.binding} = {_ts_union(enum)};"
            if len(union) > 120:
                union = "\n".join([f"export type {enum.binding} ="] + [f'    | "{e.json}"' for e in enum.entries]) + ";"
            lines += [f"/** {enum.name}: {enum.summary}. */", union]
    return "\n".join(lines) + "\n"


# The structs Python reads a typed call's answer from, in the order they are declared (a field's
# struct before the struct that holds it); dk_intent is written by hand.
_PYTHON_STRUCTS = ("dk_rect", "dk_layout")
_CTYPES_FIELDS = {"double": "ctypes.c_double", "int32_t": "ctypes.c_int32", "int64_t": "ctypes.c_int64"}


def _python_struct_class(name: str) -> str:
    """dk_layout's ctypes class: _CLayout."""
    return "_C" + "".join(word.capitalize() for word in name.removeprefix("dk_").split("_"))


def python_structs(vocabulary: Vocabulary) -> str:
    """The ctypes copies of the structs Python reads, field for field (dismisskit.py's generated part)."""
    classes = []
    for name in _PYTHON_STRUCTS:
        struct = vocabulary.struct(name)
        fields = []
        for field in struct.fields:
            c_type, field_name = field.declaration.rsplit(" ", 1)
            if c_type in _PYTHON_STRUCTS:
                ctype = _python_struct_class(c_type)
            else:
                ctype = _ctype(vocabulary, c_type, _CTYPES_FIELDS)
            fields.append(f'("{field_name}", {ctype}),')
        body = textwrap.wrap(" ".join(fields), 112, initial_indent=" " * 8, subsequent_indent=" " * 8,
                             break_on_hyphens=False)
        classes.append([f"class {_python_struct_class(name)}(ctypes.Structure):", f'    """{name}, field for field."""',
                        "", "    _fields_ = ["] + body + ["    ]"])
    return "\n\n\n".join("\n".join(lines) for lines in classes) + "\n"


_CTYPES_ARGUMENTS = {"dk_pipeline *": "pipeline", "const char *": "text", "char **": "error_out", "int64_t": "time",
                     "int32_t": "ctypes.c_int32", "double": "ctypes.c_double", "int": "ctypes.c_int",
                     "dk_intent *": "ctypes.POINTER(_CIntent)", "int64_t *": "ctypes.POINTER(ctypes.c_int64)",
                     "void *": "ctypes.c_void_p", "char *": "ctypes.c_void_p",
                     "dk_presentation_fields *": "ctypes.c_void_p", "const dk_presentation_fields *": "ctypes.c_void_p",
                     "dk_layout *": "ctypes.POINTER(_CLayout)"}
# Strings the library returns for the caller to free are c_void_p, so that they can be given back
# to dk_string_free; its own strings are c_char_p.
_CTYPES_RESULTS = {"void": "None", "const char *": "ctypes.c_char_p", "char *": "ctypes.c_void_p",
                   "dk_pipeline *": "ctypes.c_void_p", "dk_presentation_fields *": "ctypes.c_void_p",
                   "int": "ctypes.c_int"}


def _ctype(vocabulary: Vocabulary, c_type: str, table: dict[str, str]) -> str:
    if c_type in table:
        return table[c_type]
    if any(enum.name == c_type for enum in vocabulary.enums):
        return "ctypes.c_int"
    raise ValueError(f"no ctypes type for the C type {c_type!r}")


def python_signatures(vocabulary: Vocabulary) -> str:
    """The C functions' ctypes signatures (the generated part of dismisskit.py's _library())."""
    lines = ["    signatures: dict[str, tuple[list[Any], Any]] = {"]
    for function in vocabulary.functions:
        arguments = ", ".join(_ctype(vocabulary, a.type, _CTYPES_ARGUMENTS) for a in function.arguments)
        entry = f'        "{function.name}": ([{arguments}], {_ctype(vocabulary, function.returns, _CTYPES_RESULTS)}),'
        if len(entry) > 120:
            cut = entry.rfind(", ", 0, 118)
            entry = entry[:cut + 1] + "\n" + " " * (len(function.name) + 14) + entry[cut + 2:]
        lines.append(entry)
    return "\n".join(lines + ["    }"]) + "\n"


def _python_argument(vocabulary: Vocabulary, c_type: str, name: str) -> tuple[str, str]:
    """A typed call's argument in Python: its annotation, and how it is given to ctypes."""
    if c_type == "const char *":
        return "str", f'_c_text({name}, "{name}")'
    if c_type == "int64_t":
        return "int", f'_int64({name}, "{name}")'
    if c_type == "double":
        return "float", f"float({name})"
    if c_type == "int":
        return "bool", f"int(bool({name}))"
    enum = vocabulary.enum(c_type)
    return enum.binding, f"int({enum.binding}({name}))"


def python_commands(vocabulary: Vocabulary) -> str:
    """Pipeline's typed calls: one method per typed command function whose arguments are plain
    values (the generated part of the class); present and update, which take a set of fields,
    are written by hand."""
    methods = []
    for function in vocabulary.functions:
        if not function.command or any("dk_presentation_fields" in a.type for a in function.arguments):
            continue
        arguments = [a for a in function.arguments if a.name not in ("pipeline", "error")]
        converted = [(a.name, *_python_argument(vocabulary, a.type, a.name)) for a in arguments]
        signature = ", ".join(["self"] + [f"{name}: {annotation}" for name, annotation, _ in converted])
        call = ", ".join([f'"{function.name}"'] + [value for _, _, value in converted])
        doc = textwrap.wrap(f'"""{vocabulary.expand(function.brief)} Raises DismissKitError when refused."""', 100,
                            initial_indent=" " * 8, subsequent_indent=" " * 8)
        body = textwrap.wrap(f"self._apply({call})", 112, initial_indent=" " * 8, subsequent_indent=" " * 20)
        methods.append([f"    def {function.name.removeprefix('dk_pipeline_')}({signature}) -> None:"] + doc + body)
    return "\n\n".join("\n".join(method) for method in methods) + "\n"
