"""The core's test that its closed sets are the description's, and the wire codec's that its scene
reader takes the scene fields the description declares, from the vocabulary."""

from __future__ import annotations

from vocabulary import SceneObject, Vocabulary


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


def _object_text(fields: list[tuple[str, str]]) -> str:
    """A JSON object of (key, JSON text) pairs."""
    return "{" + ", ".join(f'"{name}": {value}' for name, value in fields) + "}"


def _with(scene_object: SceneObject, extra: list[tuple[str, str]], leaving_out: str = "") -> str:
    """A scene file holding the object with its required fields (but leaving_out) and extra."""
    required = [(f.name, f.example) for f in scene_object.fields if f.required and f.name != leaving_out]
    return scene_object.document.replace("@", _object_text(required + extra))


def _complete(vocabulary: Vocabulary, scene_object: SceneObject) -> str:
    """The object with every field that a state's scene spells (a flat spelling instead of the
    object it flattens), objects in it complete too."""
    fields = []
    for field in scene_object.fields:
        if field.file_only or field.written_as:
            continue
        value = field.example
        if field.type == "object" and not field.array:
            value = _complete(vocabulary, vocabulary.scene_object(field.object))
        elif field.type == "object":
            value = "[" + _complete(vocabulary, vocabulary.scene_object(field.object)) + "]"
        fields.append((field.name, value))
    return _object_text(fields)


def _written_keys(vocabulary: Vocabulary, scene_object: SceneObject, path: list[str]) -> list[tuple[list[str], list[str]]]:
    """For the object at path in a state's scene and each object in it: its path and the keys
    the description says it is spelled with."""
    keys = sorted({field.written_as or field.name for field in scene_object.fields if not field.file_only})
    found = [(path, keys)]
    for field in scene_object.fields:
        if field.type == "object" and not field.file_only and not field.written_as:
            found += _written_keys(vocabulary, vocabulary.scene_object(field.object), path + [field.name])
    return found


def _swift_list(items: list[str]) -> str:
    return "[" + ", ".join(f'"{item}"' for item in items) + "]"


def _dictionary(pairs: list[tuple[str, str]]) -> list[str]:
    return ["[" if pairs else "[:]"] + [f'        "{key}": #"{value}"#,' for key, value in pairs] + (["    ]"] if pairs else [])


def scene_tests(vocabulary: Vocabulary) -> str:
    """Tests/DismissKitTests/SceneVocabularyTests.swift: the scene reader takes every field the
    description declares, refuses a near miss of each, needs the required ones, and a state's
    scene is spelled with the declared fields."""
    objects = vocabulary.scene
    taken = [(f"{o.name}.{f.name}", _with(o, [] if f.required else [(f.name, f.example)])) for o in objects for f in o.fields]
    misspelled = [(f"{o.name}.{f.misspelled}", _with(o, [(f.misspelled, f.example)])) for o in objects for f in o.fields]
    required = [(f"{o.name}.{f.name}", _with(o, [], leaving_out=f.name)) for o in objects for f in o.fields if f.required]
    file_only = [(f.name, f'{{"type": "scene", "scene": {_object_text([(f.name, f.example)])}}}')
                 for o in objects if o.document == "@" for f in o.fields if f.file_only]
    choices = [(f"{f.name}: {entry.json}", f'{{"type": "update", "presentation": "compose", "{f.name}": "{entry.json}"}}')
               for f in vocabulary.scene_object("presentation").fields if f.type == "enum"
               for entry in vocabulary.enum(f.enum).entries]
    root = next(o for o in objects if o.document == "@")
    lines = [
        "// Written by script/protocol from protocol/dismisskit.xml: edit that.",
        "import DismissKitCore",
        "import DismissKitWire",
        "import Testing",
        "",
        "/// The scene files SceneReader takes are the ones protocol/dismisskit.xml describes: every field",
        "/// it declares is taken, a near miss of its name is refused, a required one is needed, and a",
        "/// state's scene is spelled with the declared fields and no others.",
        "@Suite struct SceneVocabularyTests {",
        "    /// A scene file with each declared field (and the required ones of its object), by field.",
        "    static let taken: [String: String] = " + "\n".join(_dictionary(taken)),
        "",
        "    /// A scene file with a near miss of each declared field's name, by the near miss.",
        "    static let misspelled: [String: String] = " + "\n".join(_dictionary(misspelled)),
        "",
        "    /// A scene file without each required field, by field.",
        "    static let withoutRequired: [String: String] = " + "\n".join(_dictionary(required)),
        "",
        "    /// A scene command with each field only a scene file has, by field.",
        "    static let sceneCommands: [String: String] = " + "\n".join(_dictionary(file_only)),
        "",
        "    /// An update command with each value of a presentation field's closed set.",
        "    static let choices: [String: String] = " + "\n".join(_dictionary(choices)),
        "",
        "    @Test(arguments: taken.keys.sorted())",
        "    func takesTheDeclaredField(field: String) throws {",
        "        _ = try SceneFile.parse(try #require(Self.taken[field]), path: \"scene.json\")",
        "    }",
        "",
        "    @Test(arguments: misspelled.keys.sorted())",
        "    func refusesANearMiss(field: String) throws {",
        "        let (document, key) = (try #require(Self.misspelled[field]), try #require(field.split(separator: \".\").last))",
        "        let error = #expect(throws: InputFileError.self) { try SceneFile.parse(document, path: \"scene.json\") }",
        "        #expect(error?.reason.hasSuffix(\"unknown key \\\"\\(key)\\\"\") == true)",
        "    }",
        "",
        "    @Test(arguments: withoutRequired.keys.sorted())",
        "    func needsTheRequiredField(field: String) throws {",
        "        let (document, key) = (try #require(Self.withoutRequired[field]), try #require(field.split(separator: \".\").last))",
        "        let error = #expect(throws: InputFileError.self) { try SceneFile.parse(document, path: \"scene.json\") }",
        "        #expect(error?.reason.hasSuffix(\"missing key \\\"\\(key)\\\"\") == true)",
        "    }",
        "",
        "    @Test(arguments: sceneCommands.keys.sorted())",
        "    func aSceneCommandRefusesTheFileOnlyField(field: String) throws {",
        "        let command = try #require(Self.sceneCommands[field])",
        "        let error = #expect(throws: JSONInputError.self) { try HostCommandParser.parse(command) }",
        "        #expect(error?.reason == \"scene: unknown key \\\"\\(field)\\\"\")",
        "    }",
        "",
        "    @Test(arguments: choices.keys.sorted())",
        "    func takesEachValueOfTheClosedSet(choice: String) throws {",
        "        _ = try HostCommandParser.parse(try #require(Self.choices[choice]))",
        "    }",
        "",
        "    @Test func aStateSpellsTheSceneWithTheDeclaredFields() throws {",
        f"        let file = try SceneFile.parse(#\"{_complete(vocabulary, root)}\"#, path: \"scene.json\")",
        "        let written = try JSONValue(parsing: file.scene.jsonLine.text)",
    ]
    for path, keys in _written_keys(vocabulary, root, []):
        lines.append(f"        #expect(Self.keys(at: {_swift_list(path)}, in: written) == {_swift_list(keys)})")
    gestures = sorted(field.name for field in vocabulary.scene_object("gestures").fields)
    lines += [
        "    }",
        "",
        "    @Test func explainSpellsTheDeclaredThresholds() throws {",
        "        let written = try JSONValue(parsing: GestureConfiguration().jsonLine.text)",
        f"        #expect(Self.keys(at: [], in: written) == {_swift_list(gestures)})",
        "    }",
        "",
        "    /// The keys, sorted, of the object at `path` in `value` (an array's first element on the way).",
        "    static func keys(at path: [String], in value: JSONValue) -> [String] {",
        "        var value = value",
        "        for key in path {",
        "            guard let member = members(of: value).first(where: { $0.key == key }) else { return [] }",
        "            value = member.value",
        "        }",
        "        return members(of: value).map { $0.key }.sorted()",
        "    }",
        "",
        "    /// An object's members, or an array's first element's.",
        "    static func members(of value: JSONValue) -> [JSONValue.Member] {",
        "        if case .array(let elements) = value.kind, let first = elements.first { return members(of: first) }",
        "        if case .object(let members) = value.kind { return members }",
        "        return []",
        "    }",
        "}",
    ]
    return "\n".join(lines) + "\n"
