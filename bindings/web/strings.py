"""Writes dismisskit-strings.js, the page layer's translations, from the catalog: each language of
po/LINGUAS compiled by msgfmt and read back through Python's gettext.GNUTranslations (its messages,
its plural forms, and its Plural-Forms rule as a function of n), with the language's direction (right
to left when its translation of the question starts with a right-to-left letter), and English, the
msgids' language, with gettext's rule for them. script/wasm runs it at every build.

Usage: strings.py PO_DIR OUTPUT
"""
import gettext
import json
import os
import re
import subprocess
import sys
import tempfile
import unicodedata

# The only characters a Plural-Forms expression of C's that is also JavaScript's may hold: n, whole
# numbers, comparisons, %, && and ||, ?: and parentheses (no division, which C truncates).
PLURAL_EXPRESSION = re.compile(r"[n0-9\s()?:%<>=!&|]+")
# The message whose translation tells the language's direction.
QUESTION = "Discard your changes?"
# English, the language of the msgids: gettext's rule for them (the singular msgid for 1).
SOURCE = ("en", "nplurals=2; plural=(n != 1);")


def translations(po_dir, language, scratch):
    """The language's catalog, as msgfmt compiles it and gettext reads it."""
    mo = os.path.join(scratch, f"{language}.mo")
    subprocess.run(["msgfmt", "--check", "-o", mo, os.path.join(po_dir, f"{language}.po")], check=True)
    with open(mo, "rb") as file:
        return gettext.GNUTranslations(file)


def plural_rule(plural_forms, language):
    """A Plural-Forms rule's expression and its number of forms, checked by gettext's own parser."""
    match = re.fullmatch(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*", plural_forms)
    if not match or not PLURAL_EXPRESSION.fullmatch(match[2]):
        sys.exit(f"strings.py: {language}: a Plural-Forms rule the page layer cannot take: {plural_forms}")
    gettext.c2py(match[2])  # raises on an expression gettext would not take
    return int(match[1]), match[2]


def direction(catalog):
    """rtl when the translated question's first letter with a direction is a right-to-left one."""
    for character in catalog.gettext(QUESTION):
        kind = unicodedata.bidirectional(character)
        if kind in ("R", "AL"):
            return "rtl"
        if kind == "L":
            return "ltr"
    return "ltr"


def language_entry(po_dir, language, scratch):
    """The JavaScript text of one language of the catalog."""
    catalog = translations(po_dir, language, scratch)
    count, expression = plural_rule(catalog.info()["plural-forms"], language)
    messages, plurals = {}, {}
    for key, text in sorted(catalog._catalog.items(), key=lambda item: str(item[0])):
        if key == "":
            continue  # the header
        if isinstance(key, tuple):
            singular, _ = key
            forms = plurals.setdefault(singular, [None] * count)
            forms[key[1]] = text
        else:
            messages[key] = text
    for singular, forms in plurals.items():
        if None in forms:
            sys.exit(f"strings.py: {language}: {singular!r} lacks a plural form")
    return entry(language, direction(catalog), expression, messages, plurals)


def entry(language, text_direction, expression, messages, plurals):
    """A language's direction, plural rule, messages and plural forms, as JavaScript."""
    return (f"    {json.dumps(language)}: {{\n"
            f"        direction: {json.dumps(text_direction)},\n"
            f"        plural: (n) => Number({expression}),\n"
            f"        messages: {json.dumps(messages, ensure_ascii=False)},\n"
            f"        plurals: {json.dumps(plurals, ensure_ascii=False)},\n"
            "    },\n")


def main():
    if len(sys.argv) != 3:
        sys.exit("Usage: strings.py PO_DIR OUTPUT")
    po_dir, output = sys.argv[1:]
    with open(os.path.join(po_dir, "LINGUAS"), encoding="utf-8") as file:
        languages = [word for line in file if not line.startswith("#") for word in line.split()]
    with tempfile.TemporaryDirectory() as scratch:
        entries = "".join(language_entry(po_dir, language, scratch) for language in languages)
    source, source_rule = SOURCE
    entries += entry(source, "ltr", plural_rule(source_rule, source)[1], {}, {})
    with open(output, "w", encoding="utf-8") as file:
        file.write("// The page layer's translations, written by bindings/web/strings.py from po/ (msgfmt, then\n"
                   "// Python's gettext): do not edit. Each language of po/LINGUAS by its gettext name, and English (the\n"
                   "// msgids): its direction, its Plural-Forms rule, its messages by msgid and its plural forms by\n"
                   "// singular msgid.\n"
                   f"export const catalogs = {{\n{entries}}};\n")


if __name__ == "__main__":
    main()
