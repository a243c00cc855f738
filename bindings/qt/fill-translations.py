#!/usr/bin/env python3
"""Fills a Qt Linguist .ts file, as lupdate made it from the QML components, from the catalog.

Usage: fill-translations.py SOURCE_TS CATALOG_MO QT_RULE_MO OUTPUT_TS

CATALOG_MO is one language of po/ compiled by msgfmt (English: msginit's copy of the .pot), read
through Python's gettext. Every message takes the catalog's translation of its source; a numerus
message (qsTr("… %n seconds.", "", n)) is the catalog's plural entry whose msgid_plural is its
source with %n read as %d. Qt numbers the plural forms by its own rule for the language, which
QT_RULE_MO carries as a Plural-Forms header (lconvert's .po of SOURCE_TS, compiled by msgfmt): each
of Qt's forms takes the catalog's form for a count Qt gives that form. A message the catalog lacks
fails the build.
"""
from __future__ import annotations

import gettext
import struct
import sys
import xml.etree.ElementTree as ElementTree
from typing import Callable


def plural_msgids(path: str) -> dict[str, str]:
    """msgid_plural → msgid of the .mo's plural entries (gettext keeps only the msgid)."""
    data = open(path, "rb").read()
    order = "<" if data[:4] == struct.pack("<I", 0x950412DE) else ">"
    count, originals = struct.unpack_from(order + "2I", data, 8)
    msgids = {}
    for index in range(count):
        length, offset = struct.unpack_from(order + "2I", data, originals + 8 * index)
        msgid, _, msgid_plural = data[offset:offset + length].decode().partition("\0")
        if msgid_plural:
            msgids[msgid_plural] = msgid
    return msgids


def main(source_ts: str, catalog_mo: str, qt_rule_mo: str, output_ts: str) -> None:
    with open(catalog_mo, "rb") as file:
        catalog = gettext.GNUTranslations(file)
    # gettext's own: the translations by msgid, and the plural rule from Plural-Forms.
    translated: dict[object, str] = getattr(catalog, "_catalog")
    with open(qt_rule_mo, "rb") as file:
        qt_form: Callable[[int], int] = getattr(gettext.GNUTranslations(file), "plural")
    singulars = plural_msgids(catalog_mo)
    tree = ElementTree.parse(source_ts)
    missing = []
    for message in tree.iter("message"):
        source = message.findtext("source", "")
        translation = message.find("translation")
        assert translation is not None, f"{source_ts}: {source!r} has no <translation>"
        if message.get("numerus") == "yes":
            msgid_plural = source.replace("%n", "%d")
            msgid = singulars.get(msgid_plural)
            if msgid is None:
                missing.append(source)
                continue
            forms = translation.findall("numerusform")
            for qt_index, form in enumerate(forms):
                count = next(n for n in range(1000) if qt_form(n) == qt_index)
                form.text = catalog.ngettext(msgid, msgid_plural, count).replace("%d", "%n")
        elif source in translated:
            translation.text = translated[source]
        else:
            missing.append(source)
            continue
        translation.attrib.pop("type", None)
    if missing:
        sys.exit(f"{catalog_mo}: the catalog has no translation of " + ", ".join(map(repr, missing)))
    tree.write(output_ts, encoding="utf-8", xml_declaration=True)


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__.strip().splitlines()[2])
    main(*sys.argv[1:])
