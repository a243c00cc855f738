#!/usr/bin/env python3
"""The catalog's words for Tests/Qt/qml-languages, read through msgfmt and Python's gettext.

Usage: catalog-words.py CATALOG_DIR MODULE_DIR

CATALOG_DIR holds LANGUAGE.mo, po/LANGUAGE.po compiled by msgfmt, for each language of
po/LINGUAS. MODULE_DIR becomes the QML module CatalogWords (a qmldir and words.js, generated):
`Words.languages[LANGUAGE]` and `Words.english`, each {words: {msgid: text}, countdown: {n: text}},
the countdown's text for each n of `Words.counts` with its %d filled in.
"""
from __future__ import annotations

import gettext
import json
import os
import sys

MSGIDS = ["Discard your changes?", "Discard Changes", "Save", "Keep Editing", "Cancel", "Done", "OK",
          "Are you still there?", "Continue", "Resize", "Tap or drag to change the size.", "Dismiss",
          "Swipe down to close."]
COUNTDOWN = ("Starting over in %d second.", "Starting over in %d seconds.")
# Counts that reach every plural form of the ten languages (Arabic's six: 0, 1, 2, 3-10, 11-99, 100-102).
COUNTS = [0, 1, 2, 3, 4, 5, 11, 21, 22, 25, 100, 101, 102, 111]


def words(translations: gettext.NullTranslations, translated: bool) -> dict[str, dict[str, str]]:
    texts = {}
    for msgid in MSGIDS:
        if translated and msgid not in getattr(translations, "_catalog"):
            sys.exit(f"the catalog has no translation of {msgid!r}")
        texts[msgid] = translations.gettext(msgid)
    countdown = {str(count): translations.ngettext(*COUNTDOWN, count).replace("%d", str(count)) for count in COUNTS}
    return {"words": texts, "countdown": countdown}


def main(catalog_dir: str, module_dir: str) -> None:
    languages = {}
    for name in sorted(os.listdir(catalog_dir)):
        with open(os.path.join(catalog_dir, name), "rb") as file:
            languages[name.removesuffix(".mo")] = words(gettext.GNUTranslations(file), translated=True)
    os.makedirs(module_dir, exist_ok=True)
    with open(os.path.join(module_dir, "qmldir"), "w") as file:
        file.write("module CatalogWords\nWords 1.0 words.js\n")
    with open(os.path.join(module_dir, "words.js"), "w") as file:
        file.write(".pragma library\n")
        file.write(f"var counts = {json.dumps(COUNTS)};\n")
        file.write(f"var english = {json.dumps(words(gettext.NullTranslations(), translated=False), ensure_ascii=False)};\n")
        file.write(f"var languages = {json.dumps(languages, ensure_ascii=False)};\n")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[2])
    main(*sys.argv[1:])
