"""DismissKit's vocabulary as protocol/dismisskit.xml describes it: the C library's calls, types
and closed sets, the host commands and the intents, read into plain values for the writers."""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable


@dataclasses.dataclass(frozen=True)
class Entry:
    """One value of a closed set: its C name, number, JSON name and meaning."""

    c_name: str
    value: int
    json: str
    doc: str
    fields: tuple[str, ...]  # an intent type's fields, in order
    field_notes: tuple[tuple[str, str], ...] = ()  # an intent field's note (its unit, say), by name
    field_enums: tuple[tuple[str, str], ...] = ()  # the closed set an intent field's values come from, by name
    note: str = ""  # what an intent asks of the host, after its fields
    explain_only: bool = False  # a decision, read only with dk_pipeline_explain()

    @property
    def words(self) -> list[str]:
        """The JSON name's words, lower case: "keepEditing" is ["keep", "editing"]."""
        return [word.lower() for word in re.findall(r"[a-z]+|[A-Z][a-z]*", self.json)]

    @property
    def upper_snake(self) -> str:
        return "_".join(word.upper() for word in self.words)

    @property
    def camel(self) -> str:
        return "".join(word.capitalize() for word in self.words)

    @property
    def kebab(self) -> str:
        return "-".join(self.words)


@dataclasses.dataclass(frozen=True)
class Enum:
    """A closed set, and the names each binding gives it (empty when a binding has none)."""

    name: str
    since: str
    brief: str
    description: tuple[str, ...]
    summary: str
    entries: tuple[Entry, ...]
    swift: str  # the core's type of the same set, its raw values the JSON names
    binding: str  # the name Python and the web module give it
    python_values: str  # "numbers" (an IntEnum) or "names" (a str Enum of the JSON names)
    qt: str
    gtk: str
    gtk_prefix: str
    gtk_flags: str  # a GObject flags type of the same set (bit N is value N), or ""

    def names(self, spelled: Callable[[str], str]) -> str:
        """The JSON names in order, each as spelled gives it, as a sentence's list: a, b or c."""
        return listed([spelled(entry.json) for entry in self.entries], "or")


def release_order(since: str) -> tuple[int, ...]:
    """A release's place among the others: "0.10.0" comes after "0.2.0"."""
    return tuple(map(int, since.split(".")))


def listed(items: list[str], conjunction: str) -> str:
    """items as a sentence lists them: "a, b and c"."""
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1] if len(items) > 1 else items[0]


@dataclasses.dataclass(frozen=True)
class Argument:
    name: str
    type: str
    doc: str


@dataclasses.dataclass(frozen=True)
class Function:
    name: str
    since: str
    returns: str
    brief: str
    description: tuple[str, ...]
    arguments: tuple[Argument, ...]
    return_doc: str
    command: str  # the JSON command a typed call is, or ""


@dataclasses.dataclass(frozen=True)
class Constant:
    name: str
    value: str
    since: str
    brief: str


@dataclasses.dataclass(frozen=True)
class Field:
    declaration: str
    doc: str


@dataclasses.dataclass(frozen=True)
class Struct:
    name: str
    since: str
    brief: str
    description: tuple[str, ...]
    fields: tuple[Field, ...]


@dataclasses.dataclass(frozen=True)
class Opaque:
    name: str
    since: str
    brief: str


Declaration = Enum | Function | Constant | Struct | Opaque


@dataclasses.dataclass(frozen=True)
class Group:
    """A part of the C header, in order: a Doxygen group and what it declares."""

    name: str
    title: str
    description: tuple[str, ...]
    declarations: tuple[Declaration, ...]


@dataclasses.dataclass(frozen=True)
class Command:
    name: str
    since: str
    fields: tuple[str, ...]
    example: str  # the command as the guides show it
    note: str  # what it does, in the guides' words: `code`, {values:ENUM}


@dataclasses.dataclass(frozen=True)
class SceneField:
    """A field of a scene file's object: its type, the values it takes and what it means."""

    name: str
    since: str
    type: str  # number, boolean, string, detent, enum, command or object
    doc: str  # what it means, in the guides' words: `code`, [links](...)
    unit: str = ""  # a number's: points, mm or µs
    integer: bool = False  # a number that must be whole
    enum: str = ""  # an enum's closed set
    object: str = ""  # an object's <object>
    array: bool = False  # a list of the type
    range: str = ""  # the values the scene takes, in words
    default: str = ""  # an absent field's value, in words ("" when required)
    required: bool = False
    example: str = ""  # a JSON value the parser takes
    file_only: bool = False  # a scene file's, refused in a "scene" command
    written_as: str = ""  # the key a state's scene spells it with, when not its name

    @property
    def misspelled(self) -> str:
        """A near miss the parser must refuse: the plural or singular of the name."""
        return self.name[:-1] if self.name.endswith("s") else self.name + "s"


@dataclasses.dataclass(frozen=True)
class SceneObject:
    """A JSON object of a scene file and its fields, in the guides' order."""

    name: str
    title: str
    noun: str
    document: str  # a scene file holding the object at "@", for the tests
    fields: tuple[SceneField, ...]

    def field(self, name: str) -> SceneField:
        return next(f for f in self.fields if f.name == name)


@dataclasses.dataclass(frozen=True)
class Vocabulary:
    header: str
    symbols: str
    description: tuple[str, ...]
    commands: tuple[Command, ...]
    groups: tuple[Group, ...]
    scene: tuple[SceneObject, ...] = ()

    def scene_object(self, name: str) -> SceneObject:
        return next(o for o in self.scene if o.name == name)

    @property
    def enums(self) -> list[Enum]:
        return [d for group in self.groups for d in group.declarations if isinstance(d, Enum)]

    @property
    def functions(self) -> list[Function]:
        return [d for group in self.groups for d in group.declarations if isinstance(d, Function)]

    def enum(self, name: str) -> Enum:
        return next(e for e in self.enums if e.name == name)

    def struct(self, name: str) -> Struct:
        return next(d for group in self.groups for d in group.declarations if isinstance(d, Struct) and d.name == name)

    def constant(self, name: str) -> Constant:
        return next(d for group in self.groups for d in group.declarations if isinstance(d, Constant) and d.name == name)

    def values(self, text: str, code: Callable[[str], str]) -> str:
        """Fills {values:ENUM} with an enum's JSON names, each spelled by code: `a`, `b` or `c`."""
        return re.sub(r"\{values:(\w+)\}", lambda m: self.enum(m.group(1)).names(code), text)

    def expand(self, text: str) -> str:
        """Fills a description's placeholders: {commands} (the command names as a list) and
        {names:ENUM} (an enum's JSON names)."""
        text = text.replace("{commands}", listed([command.name for command in self.commands], "and"))
        return re.sub(r"\{names:(\w+)\}", lambda m: self.enum(m.group(1)).names(lambda name: f'"{name}"'), text)


def _lines(element: ElementTree.Element | None) -> tuple[str, ...]:
    """A block of text as its lines, the common indentation and surrounding blank lines removed."""
    if element is None or element.text is None:
        return ()
    lines = element.text.split("\n")
    indent = min((len(line) - len(line.lstrip()) for line in lines if line.strip()), default=0)
    lines = [line[indent:].rstrip() for line in lines]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return tuple(lines)


def _text(element: ElementTree.Element | None) -> str:
    """An element's own text before any child, its spaces folded."""
    return " ".join((element.text or "").split()) if element is not None else ""


def _since(element: ElementTree.Element) -> str:
    since = element.get("since")
    if not since or not re.fullmatch(r"\d+\.\d+\.\d+", since):
        raise ValueError(f"{element.tag} {element.get('name')}: 'since' must be a release, MAJOR.MINOR.PATCH")
    return since


def _enum(element: ElementTree.Element) -> Enum:
    entries = tuple(Entry(entry.get("name", ""), int(entry.get("value", "")), entry.get("json", ""), _text(entry),
                          tuple((entry.get("fields") or "").split()),
                          tuple((f.get("name", ""), _text(f)) for f in entry.iter("field") if _text(f)),
                          tuple((f.get("name", ""), f.get("enum", "")) for f in entry.iter("field") if f.get("enum")),
                          _text(entry.find("note")), entry.get("explain-only") == "yes")
                    for entry in element.iter("entry"))
    for entry in entries:
        if not entry.json:
            raise ValueError(f"enum {element.get('name')}: {entry.c_name} has no JSON name")
    return Enum(element.get("name", ""), _since(element), _text(element.find("brief")), _lines(element.find("description")),
                element.get("summary", ""), entries, element.get("swift", ""), element.get("binding", ""), element.get("python-values", ""),
                element.get("qt", ""), element.get("gtk", ""), element.get("gtk-prefix", ""), element.get("gtk-flags", ""))


def _declaration(element: ElementTree.Element) -> Declaration:
    name, brief = element.get("name", ""), _text(element.find("brief"))
    if element.tag == "enum":
        return _enum(element)
    if element.tag == "function":
        arguments = tuple(Argument(a.get("name", ""), a.get("type", ""), _text(a)) for a in element.iter("arg"))
        return Function(name, _since(element), element.get("returns", ""), brief, _lines(element.find("description")),
                        arguments, _text(element.find("return")), element.get("command", ""))
    if element.tag == "constant":
        return Constant(name, element.get("value", ""), _since(element), brief)
    if element.tag == "struct":
        fields = tuple(Field(f.get("decl", ""), _text(f)) for f in element.iter("field"))
        return Struct(name, _since(element), brief, _lines(element.find("description")), fields)
    if element.tag == "opaque":
        return Opaque(name, _since(element), brief)
    raise ValueError(f"unknown declaration <{element.tag}>")


_SCENE_TYPES = {"number", "boolean", "string", "detent", "enum", "command", "object"}


def _scene_object(element: ElementTree.Element, enums: set[str], objects: set[str]) -> SceneObject:
    name = element.get("name", "")
    fields = []
    for f in element.iter("field"):
        field = SceneField(f.get("name", ""), _since(f), f.get("type", ""), _text(f), f.get("unit", ""), f.get("integer") == "yes",
                           f.get("enum", ""), f.get("object", ""), f.get("array") == "yes", f.get("range", ""),
                           f.get("default", ""), f.get("required") == "yes", f.get("example", ""), f.get("file-only") == "yes",
                           f.get("written-as", ""))
        where = f"scene object {name}, field {field.name}"
        if field.type not in _SCENE_TYPES:
            raise ValueError(f"{where}: type {field.type!r} is none of {', '.join(sorted(_SCENE_TYPES))}")
        if (field.type == "enum") != bool(field.enum) or (field.enum and field.enum not in enums):
            raise ValueError(f"{where}: an enum field names an enum of the description, and only it")
        if (field.type == "object") != bool(field.object) or (field.object and field.object not in objects):
            raise ValueError(f"{where}: an object field names an <object> of the scene, and only it")
        if field.required == bool(field.default) or not field.example or not field.doc:
            raise ValueError(f"{where}: needs a meaning, an example, and a default or required=\"yes\" (not both)")
        fields.append(field)
    if element.get("document", "").count("@") != 1:
        raise ValueError(f"scene object {name}: its document holds it once, at @")
    return SceneObject(name, element.get("title", ""), element.get("noun", ""), element.get("document", ""), tuple(fields))


def read(path: str) -> Vocabulary:
    """Reads the description at path."""
    root = ElementTree.parse(path).getroot()
    commands = tuple(Command(c.get("name", ""), _since(c), tuple((c.get("fields") or "").split()), c.get("example", ""),
                             _text(c.find("note"))) for c in root.iter("command"))
    groups = tuple(Group(g.get("name", ""), g.get("title", ""), _lines(g.find("description")),
                         tuple(_declaration(d) for d in g if d.tag != "description"))
                   for g in root.iter("group"))
    enums = {e.get("name", "") for e in root.iter("enum")}
    scene = root.find("scene")
    elements = list(scene.iter("object")) if scene is not None else []
    objects = tuple(_scene_object(o, enums, {e.get("name", "") for e in elements}) for o in elements)
    vocabulary = Vocabulary(root.get("header", ""), root.get("symbols", ""), _lines(root.find("description")), commands, groups,
                            objects)
    for function in vocabulary.functions:
        if function.command and function.command not in {c.name for c in commands}:
            raise ValueError(f"function {function.name}: no command {function.command!r}")
    return vocabulary
