"""The core's test that its closed sets are the description's, from the vocabulary."""

from __future__ import annotations

from vocabulary import Vocabulary


def core_tests(vocabulary: Vocabulary) -> str:
    """Tests/DismissKitCoreTests/ProtocolVocabularyTests.swift."""
    lines = [
        "// Written by script/protocol from protocol/dismisskit.xml: edit that.",
        "import DismissKitCore",
        "import Testing",
        "",
        "/// The core's closed sets are the ones protocol/dismisskit.xml describes: the same JSON names, in",
        "/// the order of the C library's numbers.",
        "@Suite struct ProtocolVocabularyTests {",
    ]
    tests = []
    for enum in vocabulary.enums:
        if enum.swift:
            names = ", ".join(f'"{entry.json}"' for entry in enum.entries)
            tests.append([f"    @Test func {enum.swift[0].lower()}{enum.swift[1:]}IsThe{''.join(w.capitalize() for w in enum.name.split('_')[1:])}OfTheDescription() {{",
                          f"        #expect({enum.swift}.allCases.map(\\.rawValue) == [{names}])", "    }"])
    for i, test in enumerate(tests):
        lines += ([""] if i else []) + test
    return "\n".join(lines + ["}"]) + "\n"
