"""DismissKit for Python: ctypes over the installed C library, libdismisskit.so.

Give the pipeline the touches your toolkit receives (screen points, microseconds) and your
kiosk's host commands; read back the intents it decides, as dicts::

    import dismisskit

    with dismisskit.Pipeline({"presentations": [{"id": "compose", "style": "sheet",
                                                 "unsavedChanges": True}]}) as pipeline:
        pipeline.touch("down", 0, 300.0, 70.0, 0)
        pipeline.touch("frame", 0, 0.0, 0.0, 0)
        ...
        for intent in pipeline:          # every intent decided so far, in order
            if intent["type"] == "confirmationRequested":
                pipeline.confirm(intent["presentation"], dismisskit.Choice.DISCARD, intent["time"])

The commands a host sends most have methods (``confirm``, ``button``, ``accessibility``,
``dismiss``, ``remove``, ``set_unsaved_changes``, ``report_content_offset``, ``escape_key``,
``screen``: the C library's typed calls); every other command goes through ``command``. A touch
the pipeline refuses raises ValueError, naming the library's reason, and changes nothing.
``layout(id)`` says where a presentation is drawn and what it is shown as (dk_pipeline_layout), as
a ``Layout``: draw from it, and what a person sees is what a touch finds.

The library is loaded when the first pipeline is made (or ``version()`` is asked), from, in
order: the path in DISMISSKIT_LIBRARY; the library this file was installed with (script/install
writes its path below); pkg-config's dismisskit libdir; the dynamic linker's search
(libdismisskit.so.0, the ABI this binding is written for). Importing the module loads nothing.

Formats and rules are those of dismisskit.h and Docs/embedding-c-python.md ("Embedding in C, C++ and Python").
No compiled extension: only the standard library.
"""

from __future__ import annotations

import ctypes
import dataclasses
import enum
import functools
import json
import os
import subprocess
from collections.abc import Iterator
from collections.abc import Sequence
from typing import Any, Literal, Union

__all__ = ["AccessibilityAction", "ButtonRole", "Choice", "DetentCause", "DetentKind", "DismissKitError",
           "DismissResolution", "DismissalSource", "DragOrigin", "DragOutcome", "Intent", "Layout", "Pipeline",
           "PresentationRole", "PresentationStyle", "REMOVE", "Recording", "RecordingState", "SEAT_SLOTS",
           "TapOutside", "TouchType", "__version__", "library_path", "version"]

# Set by script/install to the library installed beside this file's copy.
_INSTALLED_LIBRARY: str | None = None

# What a scene or a command may be given as: a dict, or JSON text.
JSONText = Union[dict[str, Any], str, bytes]

# A detent: "medium", "large", or a custom height in points.
Detent = Union[Literal["medium", "large"], float]
# A rectangle in points: x, y, width, height.
Rect = tuple[float, float, float, float]


class _Removal(enum.Enum):
    REMOVE = "remove"


# Given to update() for tap_outside, frame or anchor: the presentation has none from then on.
REMOVE = _Removal.REMOVE


class DismissKitError(Exception):
    """A scene or a command the library refused; the message says why."""


# Written by script/protocol from protocol/dismisskit.xml, to the END line: edit that.
# DK_SEAT_SLOTS: The seat slots a contact may have: 0 to DK_SEAT_SLOTS - 1, libinput's (its seat's
# slot map is 32 bits). Map the toolkit's touch ids onto them, lowest free first, as libinput does.
SEAT_SLOTS = 32


# DK_CONFIRMATION_OPTIONS_MAX: The most answers a confirmation offers.
_OPTIONS_MAX = 8


class TouchType(enum.IntEnum):
    """dk_touch_type: libinput's touch event types."""

    DOWN = 0
    MOTION = 1
    UP = 2
    CANCEL = 3
    FRAME = 4


class Choice(enum.IntEnum):
    """dk_choice: the answers to a confirmationRequested."""

    DISCARD = 0
    SAVE = 1
    KEEP_EDITING = 2


class ButtonRole(enum.IntEnum):
    """dk_button_role: a presentation's own buttons."""

    CANCEL = 0
    DONE = 1


class AccessibilityAction(enum.IntEnum):
    """dk_accessibility_action: an assistive technology's actions."""

    ESCAPE = 0
    NEXT_DETENT = 1
    PREVIOUS_DETENT = 2


class IdleUnsaved(enum.IntEnum):
    """dk_idle_unsaved: what an idle reset does with unsaved work."""

    SAVE = 0
    DISCARD = 1
    KEEP = 2


class DragOrigin(str, enum.Enum):
    """dk_drag_origin: where a drag began; the values are its JSON names."""

    TOP_REGION = "topRegion"
    SCROLLED_CONTENT = "scrolledContent"
    GRABBER = "grabber"


class DragOutcome(str, enum.Enum):
    """dk_drag_outcome: how a drag ended; the values are its JSON names."""

    DISMISS_ATTEMPT = "dismissAttempt"
    SETTLE = "settle"
    CANCEL = "cancel"


class DetentKind(enum.IntEnum):
    """dk_detent_kind: a detent's kind."""

    MEDIUM = 0
    LARGE = 1
    CUSTOM = 2


class DetentCause(str, enum.Enum):
    """dk_detent_cause: why a sheet's detent changed; the values are its JSON names."""

    GRABBER_TAP = "grabberTap"
    GRABBER_DRAG = "grabberDrag"
    SWIPE = "swipe"
    SCROLL_EXPAND = "scrollExpand"
    ACCESSIBILITY = "accessibility"
    KEYBOARD = "keyboard"


class KeyboardHidingReason(str, enum.Enum):
    """dk_keyboard_hiding_reason: why the on-screen keyboard should hide; the values are its JSON names."""

    DRAG = "drag"
    QUESTION = "question"
    ESCAPE_KEY = "escapeKey"


class DismissalSource(str, enum.Enum):
    """dk_dismissal_source: what asked for a dismissal; the values are its JSON names."""

    SWIPE_FROM_TOP = "swipeFromTop"
    SWIPE_SCROLLED_CONTENT = "swipeScrolledContent"
    GRABBER_DRAG = "grabberDrag"
    TAP_OUTSIDE = "tapOutside"
    ESCAPE_KEY = "escapeKey"
    CANCEL_BUTTON = "cancelButton"
    DONE_BUTTON = "doneButton"
    ACCESSIBILITY_ESCAPE = "accessibilityEscape"
    PROGRAMMATIC = "programmatic"
    IDLE = "idle"


class DismissResolution(str, enum.Enum):
    """dk_dismiss_resolution: how a dismissal was resolved; the values are its JSON names."""

    DIRECT = "direct"
    DISCARDED = "discarded"
    SAVED = "saved"
    AUTOSAVED = "autosaved"


class PresentationStyle(str, enum.Enum):
    """dk_presentation_style: how a presentation is shown; the values are its JSON names."""

    SHEET = "sheet"
    PAGE_SHEET = "pageSheet"
    FORM_SHEET = "formSheet"
    AUTOMATIC = "automatic"
    POPOVER = "popover"
    FULL_SCREEN = "fullScreen"
    CURRENT_CONTEXT = "currentContext"
    ALERT = "alert"


class TapOutside(str, enum.Enum):
    """dk_tap_outside: what a tap outside a presentation does; the values are its JSON names."""

    DISMISS = "dismiss"
    IGNORE = "ignore"
    PASSTHROUGH = "passthrough"


class PresentationRole(str, enum.Enum):
    """dk_presentation_role: what a presentation is shown as at the current width; the values are its JSON names."""

    SHEET = "sheet"
    POPOVER = "popover"
    FULL_SCREEN = "fullScreen"
    ALERT = "alert"


class RecordingState(enum.IntEnum):
    """dk_recording_state: what became of a pipeline's recording."""

    OFF = 0
    ON = 1
    FAILED = 2


# The C library's number of each value of the sets above that are spelled by name.
_C_NUMBERS: dict[type[enum.Enum], dict[str, int]] = {
    DragOrigin: {"topRegion": 0, "scrolledContent": 1, "grabber": 2},
    DragOutcome: {"dismissAttempt": 0, "settle": 1, "cancel": 2},
    DetentCause: {"grabberTap": 0, "grabberDrag": 1, "swipe": 2, "scrollExpand": 3, "accessibility": 4,
        "keyboard": 5},
    KeyboardHidingReason: {"drag": 0, "question": 1, "escapeKey": 2},
    DismissalSource: {"swipeFromTop": 0, "swipeScrolledContent": 1, "grabberDrag": 2, "tapOutside": 3,
        "escapeKey": 4, "cancelButton": 5, "doneButton": 6, "accessibilityEscape": 7, "programmatic": 8, "idle":
        9},
    DismissResolution: {"direct": 0, "discarded": 1, "saved": 2, "autosaved": 3},
    PresentationStyle: {"sheet": 0, "pageSheet": 1, "formSheet": 2, "automatic": 3, "popover": 4, "fullScreen":
        5, "currentContext": 6, "alert": 7},
    TapOutside: {"dismiss": 0, "ignore": 1, "passthrough": 2},
    PresentationRole: {"sheet": 0, "popover": 1, "fullScreen": 2, "alert": 3},
}
# END of what script/protocol writes.


@dataclasses.dataclass(frozen=True)
class Intent:
    """One intent read through the C library's typed reader (dk_intent): ``kind`` is its JSON
    type ("dragBegan", ..., or "decision" with ``json``), and the fields its kind does not have
    are None (``options`` empty). Numbers are the pipeline's own, unrounded."""

    kind: str
    time_us: int
    presentation: str | None = None
    origin: DragOrigin | None = None
    outcome: DragOutcome | None = None
    detent: str | float | None = None  # "medium", "large", or a custom height in points
    cause: DetentCause | None = None
    source: DismissalSource | None = None
    resolution: DismissResolution | None = None
    reason: str | None = None
    offset: float | None = None
    velocity: float | None = None
    x: float | None = None
    y: float | None = None
    options: tuple[Choice, ...] = ()
    json: str | None = None
    keyboard_hiding_reason: KeyboardHidingReason | None = None  # hideKeyboard's reason (also its name in ``reason``)
    deadline_us: int | None = None  # idleWarning: the deadline, on the clock of the events' times
    remaining_us: int | None = None  # idleWarning: from ``time_us`` to the deadline


@dataclasses.dataclass(frozen=True)
class Recording:
    """A pipeline's recording (dk_pipeline_recording): its state, the bytes on disk (after a
    failed write, the file is cut back to its last whole frame or command), and why it failed."""

    state: RecordingState
    bytes_written: int
    failure: str | None = None


@dataclasses.dataclass(frozen=True)
class Layout:
    """Where a presentation is drawn, and what it is (dk_pipeline_layout): the figures the pipeline
    hit-tests with, in screen points, for a host to draw from. ``frame`` is where to draw it now
    (moved by the drag that holds it), ``resting_frame`` where it rests; ``grabber`` is drawn and
    ``grabber_hit_target`` touched, and ``header`` (the top region) starts a swipe: None for a
    presentation that has none. ``adapted``: the role is a compact width's adaptation."""

    role: PresentationRole
    adapted: bool
    frame: Rect
    resting_frame: Rect
    drag_offset: float
    detent_height: float
    grabber: Rect | None
    grabber_hit_target: Rect | None
    header: Rect | None
    question_anchor: Rect


class _CIntent(ctypes.Structure):
    """dk_intent, field for field."""

    _fields_ = [
        ("type", ctypes.c_int), ("time_us", ctypes.c_int64), ("presentation", ctypes.c_char_p),
        ("origin", ctypes.c_char_p), ("outcome", ctypes.c_char_p), ("detent", ctypes.c_char_p),
        ("detent_height", ctypes.c_double), ("cause", ctypes.c_char_p), ("source", ctypes.c_char_p),
        ("resolution", ctypes.c_char_p), ("reason", ctypes.c_char_p), ("offset", ctypes.c_double),
        ("velocity", ctypes.c_double), ("x", ctypes.c_double), ("y", ctypes.c_double), ("option_count", ctypes.c_int32),
        ("options", ctypes.c_char_p * _OPTIONS_MAX), ("json", ctypes.c_char_p), ("drag_origin", ctypes.c_int),
        ("drag_outcome", ctypes.c_int), ("detent_kind", ctypes.c_int), ("detent_cause", ctypes.c_int),
        ("dismissal_source", ctypes.c_int), ("dismiss_resolution", ctypes.c_int), ("choices", ctypes.c_int * _OPTIONS_MAX),
        ("keyboard_hiding_reason", ctypes.c_int), ("deadline_us", ctypes.c_int64), ("remaining_us", ctypes.c_int64),
    ]


# Written by script/protocol from protocol/dismisskit.xml, to the END line: edit that.
class _CRect(ctypes.Structure):
    """dk_rect, field for field."""

    _fields_ = [
        ("x", ctypes.c_double), ("y", ctypes.c_double), ("width", ctypes.c_double), ("height", ctypes.c_double),
    ]


class _CLayout(ctypes.Structure):
    """dk_layout, field for field."""

    _fields_ = [
        ("role", ctypes.c_int), ("adapted", ctypes.c_int32), ("frame", _CRect), ("resting_frame", _CRect),
        ("drag_offset", ctypes.c_double), ("detent_height", ctypes.c_double), ("has_grabber", ctypes.c_int32),
        ("grabber", _CRect), ("grabber_hit_target", _CRect), ("has_header", ctypes.c_int32), ("header", _CRect),
        ("question_anchor", _CRect),
    ]
# END of what script/protocol writes.


def _rect(c: _CRect) -> Rect:
    return c.x, c.y, c.width, c.height


def _layout(c: _CLayout) -> Layout:
    """A Layout of the fields the library filled in."""
    role = next(PresentationRole(name) for name, number in _C_NUMBERS[PresentationRole].items() if number == c.role)
    return Layout(
        role=role, adapted=bool(c.adapted), frame=_rect(c.frame), resting_frame=_rect(c.resting_frame),
        drag_offset=c.drag_offset, detent_height=c.detent_height,
        grabber=_rect(c.grabber) if c.has_grabber else None,
        grabber_hit_target=_rect(c.grabber_hit_target) if c.has_grabber else None,
        header=_rect(c.header) if c.has_header else None, question_anchor=_rect(c.question_anchor),
    )


def _member(kind: type[enum.Enum], name: bytes | None, value: int) -> Any:
    """The member of an intent field's enum that the C enum's value names (None without a name)."""
    return list(kind)[value] if name is not None else None


def _text(value: bytes | None) -> str | None:
    return value.decode() if value is not None else None


def _typed(c: _CIntent) -> Intent:
    """An Intent of the fields the library filled in."""
    name: bytes | None = _library().dk_intent_type_name(c.type)
    kind = name.decode() if name else f"type {c.type}"
    has_offset = kind in ("dragChanged", "contentScrolled")
    detent: str | float | None = _text(c.detent)
    return Intent(
        kind=kind, time_us=c.time_us, presentation=_text(c.presentation),
        origin=_member(DragOrigin, c.origin, c.drag_origin), outcome=_member(DragOutcome, c.outcome, c.drag_outcome),
        detent=c.detent_height if detent == "custom" else detent, cause=_member(DetentCause, c.cause, c.detent_cause),
        source=_member(DismissalSource, c.source, c.dismissal_source),
        resolution=_member(DismissResolution, c.resolution, c.dismiss_resolution), reason=_text(c.reason),
        offset=c.offset if has_offset else None, velocity=c.velocity if kind == "dragChanged" else None,
        x=c.x if kind == "passthroughTap" else None, y=c.y if kind == "passthroughTap" else None,
        options=tuple(Choice(c.choices[index]) for index in range(c.option_count)), json=_text(c.json),
        keyboard_hiding_reason=_member(KeyboardHidingReason, c.reason if kind == "hideKeyboard" else None,
                                       c.keyboard_hiding_reason),
        deadline_us=c.deadline_us if kind == "idleWarning" else None,
        remaining_us=c.remaining_us if kind == "idleWarning" else None,
    )


def library_path() -> str:
    """The path (or name) of the C library this module loads."""
    explicit = os.environ.get("DISMISSKIT_LIBRARY")
    if explicit:
        return explicit
    if _INSTALLED_LIBRARY and os.path.exists(_INSTALLED_LIBRARY):
        return _INSTALLED_LIBRARY
    try:
        libdir = subprocess.run(
            ["pkg-config", "--variable=libdir", "dismisskit"],
            capture_output=True, text=True, check=True,
        ).stdout.strip()
        candidate = os.path.join(libdir, "libdismisskit.so.0")
        if libdir and os.path.exists(candidate):
            return candidate
    except (OSError, subprocess.CalledProcessError):
        pass
    return "libdismisskit.so.0"


@functools.cache
def _library() -> ctypes.CDLL:
    """The C library, loaded and its functions typed on first use."""
    path = library_path()
    try:
        lib = ctypes.CDLL(path)
    except OSError as error:
        raise DismissKitError(
            f"cannot load the DismissKit C library ({path}): {error}; install it with "
            "script/install, or set DISMISSKIT_LIBRARY to libdismisskit.so's path"
        ) from error
    error_out = ctypes.POINTER(ctypes.c_void_p)
    pipeline, text, time = ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int64
    # Written by script/protocol from protocol/dismisskit.xml, to the END line: edit that.
    signatures: dict[str, tuple[list[Any], Any]] = {
        "dk_version": ([], ctypes.c_char_p),
        "dk_pipeline_new": ([text, error_out], ctypes.c_void_p),
        "dk_pipeline_free": ([pipeline], None),
        "dk_string_free": ([ctypes.c_void_p], None),
        "dk_pipeline_touch": ([pipeline, ctypes.c_int, ctypes.c_int32, ctypes.c_double, ctypes.c_double, time],
                               ctypes.c_int),
        "dk_touch_result_name": ([ctypes.c_int], ctypes.c_char_p),
        "dk_pipeline_command": ([pipeline, text, time, error_out], ctypes.c_int),
        "dk_pipeline_confirm": ([pipeline, text, ctypes.c_int, time, error_out], ctypes.c_int),
        "dk_pipeline_button": ([pipeline, text, ctypes.c_int, time, error_out], ctypes.c_int),
        "dk_pipeline_accessibility": ([pipeline, text, ctypes.c_int, time, error_out], ctypes.c_int),
        "dk_pipeline_dismiss": ([pipeline, text, time, error_out], ctypes.c_int),
        "dk_pipeline_remove": ([pipeline, text, time, error_out], ctypes.c_int),
        "dk_pipeline_set_unsaved_changes": ([pipeline, text, ctypes.c_int, time, error_out], ctypes.c_int),
        "dk_pipeline_report_content_offset": ([pipeline, text, ctypes.c_double, time, error_out], ctypes.c_int),
        "dk_pipeline_escape_key": ([pipeline, time, error_out], ctypes.c_int),
        "dk_pipeline_screen": ([pipeline, ctypes.c_double, ctypes.c_double, ctypes.c_double, ctypes.c_double, time,
                                error_out], ctypes.c_int),
        "dk_pipeline_keyboard": ([pipeline, ctypes.c_double, time, error_out], ctypes.c_int),
        "dk_pipeline_tick": ([pipeline, time, error_out], ctypes.c_int),
        "dk_pipeline_set_idle_rule": ([pipeline, time, time, ctypes.c_int, time, error_out], ctypes.c_int),
        "dk_pipeline_clear_idle_rule": ([pipeline, time, error_out], ctypes.c_int),
        "dk_pipeline_next_tick": ([pipeline, ctypes.POINTER(ctypes.c_int64)], ctypes.c_int),
        "dk_pipeline_next_intent": ([pipeline], ctypes.c_void_p),
        "dk_pipeline_explain": ([pipeline, ctypes.c_int], None),
        "dk_intent_type_name": ([ctypes.c_int], ctypes.c_char_p),
        "dk_pipeline_next_typed_intent": ([pipeline, ctypes.POINTER(_CIntent)], ctypes.c_int),
        "dk_presentation_fields_new": ([], ctypes.c_void_p),
        "dk_presentation_fields_free": ([ctypes.c_void_p], None),
        "dk_presentation_fields_set_style": ([ctypes.c_void_p, ctypes.c_int], None),
        "dk_presentation_fields_add_detent": ([ctypes.c_void_p, ctypes.c_int, ctypes.c_double], None),
        "dk_presentation_fields_set_selected_detent": ([ctypes.c_void_p, ctypes.c_int, ctypes.c_double], None),
        "dk_presentation_fields_set_grabber": ([ctypes.c_void_p, ctypes.c_int], None),
        "dk_presentation_fields_set_header_height": ([ctypes.c_void_p, ctypes.c_double], None),
        "dk_presentation_fields_set_content_offset": ([ctypes.c_void_p, ctypes.c_double], None),
        "dk_presentation_fields_set_modal": ([ctypes.c_void_p, ctypes.c_int], None),
        "dk_presentation_fields_set_unsaved_changes": ([ctypes.c_void_p, ctypes.c_int], None),
        "dk_presentation_fields_set_dismissible": ([ctypes.c_void_p, ctypes.c_int], None),
        "dk_presentation_fields_set_tap_outside": ([ctypes.c_void_p, ctypes.c_int], None),
        "dk_presentation_fields_remove_tap_outside": ([ctypes.c_void_p], None),
        "dk_presentation_fields_set_frame": ([ctypes.c_void_p, ctypes.c_double, ctypes.c_double, ctypes.c_double,
                                              ctypes.c_double], None),
        "dk_presentation_fields_remove_frame": ([ctypes.c_void_p], None),
        "dk_presentation_fields_set_anchor": ([ctypes.c_void_p, ctypes.c_double, ctypes.c_double, ctypes.c_double,
                                               ctypes.c_double], None),
        "dk_presentation_fields_remove_anchor": ([ctypes.c_void_p], None),
        "dk_presentation_fields_add_passthrough": ([ctypes.c_void_p, ctypes.c_double, ctypes.c_double,
                                                    ctypes.c_double, ctypes.c_double], None),
        "dk_presentation_fields_clear_passthrough": ([ctypes.c_void_p], None),
        "dk_pipeline_present": ([pipeline, text, ctypes.c_void_p, time, error_out], ctypes.c_int),
        "dk_pipeline_update": ([pipeline, text, ctypes.c_void_p, time, error_out], ctypes.c_int),
        "dk_pipeline_layout": ([pipeline, text, ctypes.POINTER(_CLayout)], ctypes.c_int),
        "dk_pipeline_record": ([pipeline, text, error_out], ctypes.c_int),
        "dk_pipeline_recording": ([pipeline, ctypes.POINTER(ctypes.c_int64), error_out], ctypes.c_int),
    }
    # END of what script/protocol writes.
    for name, (arguments, result) in signatures.items():
        function = getattr(lib, name)
        function.argtypes = arguments
        function.restype = result
    return lib


def version() -> str:
    """The package version of the loaded library."""
    release: bytes = _library().dk_version()
    return release.decode()


def __getattr__(name: str) -> str:
    # __version__, the release from the library (dk_version), read when first asked for.
    if name == "__version__":
        return version()
    raise AttributeError(f"module 'dismisskit' has no attribute {name!r}")


def _take_string(pointer: int) -> str:
    """The text of a string the library returned, which is then freed."""
    try:
        return ctypes.string_at(pointer).decode()
    finally:
        _library().dk_string_free(pointer)


def _c_text(value: str | bytes, what: str) -> bytes:
    """Text for a C string: a NUL would end it early, so text holding one is refused."""
    text = value.encode() if isinstance(value, str) else value
    if b"\0" in text:
        raise ValueError(f"{what} holds a NUL character, which a C string cannot carry")
    return text


def _json_text(value: JSONText, what: str) -> bytes:
    """The JSON text of a dict, or JSON text as it is, for a C string."""
    if isinstance(value, (bytes, str)):
        return _c_text(value, what)
    if isinstance(value, dict):
        return json.dumps(value).encode()
    raise TypeError(f"{what} must be a dict, str or bytes, not {type(value).__name__}")


def _int64(value: int, what: str) -> int:
    """value as an int64_t argument; OverflowError beyond its range, which ctypes would wrap."""
    number = int(value)
    if not -2**63 <= number < 2**63:
        raise OverflowError(f"{what} {number} is outside int64_t, -2**63 to 2**63 - 1")
    return number


def _refusal(result: int, kind: TouchType, seat_slot: int, time_us: int) -> str:
    """The message of a touch dk_pipeline_touch refused: the event and the library's name for
    why (dk_touch_result_name)."""
    name = kind.name.lower()
    event = f"{name} at {time_us} us" if kind == TouchType.FRAME else f"{name} on seat slot {seat_slot} at {time_us} us"
    reason: bytes | None = _library().dk_touch_result_name(result)
    return f"touch refused: {event}: {reason.decode() if reason else f'answer {result}'}"


def _touch_type(kind: TouchType | str | int) -> TouchType:
    try:
        return TouchType[kind.upper()] if isinstance(kind, str) else TouchType(kind)
    except (KeyError, ValueError):
        raise ValueError(f"unknown touch type {kind!r}") from None


class Pipeline:
    """A DismissKit pipeline: a scene, the gesture recogniser and the dismissal policy.

    ``scene`` is a scene as a dict or as JSON text (a scene file; its timeline is ignored).
    With ``record``, a path, the session is recorded to that file (dk_pipeline_record), which
    ``gesturectl replay`` replays to the same intents; closing the pipeline closes it.
    Use one pipeline from one thread at a time. Iterating the pipeline yields the intents
    decided so far (and not yet read), in order, as dicts.
    """

    _handle: int | None = None

    def __init__(self, scene: JSONText, record: str | bytes | os.PathLike[str] | None = None) -> None:
        lib = _library()
        error = ctypes.c_void_p()
        handle: int | None = lib.dk_pipeline_new(_json_text(scene, "scene"), ctypes.byref(error))
        if not handle:
            raise DismissKitError(_take_string(error.value) if error.value else "bad scene")
        if record is not None:
            path = os.fsencode(record)
            if b"\0" in path:
                lib.dk_pipeline_free(handle)
                raise ValueError("record holds a NUL character, which a C string cannot carry")
            if lib.dk_pipeline_record(handle, path, ctypes.byref(error)) != 0:
                lib.dk_pipeline_free(handle)
                raise DismissKitError(_take_string(error.value) if error.value else "cannot record")
        self._handle = handle

    def _live_handle(self) -> int:
        if not self._handle:
            raise ValueError("the pipeline is closed")
        return self._handle

    def touch(self, kind: TouchType | str | int, seat_slot: int, x: float, y: float, time_us: int) -> None:
        """Feeds one touch event: kind is a TouchType or its name ("down", "motion", "up",
        "cancel", "frame"); seat_slot from 0 to SEAT_SLOTS - 1 (ignored for frame); x, y in
        screen points (ignored for up, cancel and frame); time in microseconds on a clock that
        does not go back. End each frame with a "frame" event, as libinput does.

        Raises ValueError when the pipeline refuses the touch, which then changes nothing; its
        message ends with the library's name for why (dk_touch_result_name: timeWentBack,
        seatSlotOutOfRange, positionOutOfRange, seatSlotAlreadyDown, seatSlotNotDown, …)."""
        touch_type = _touch_type(kind)
        handle = self._live_handle()
        seat_slot, x, y, time_us = int(seat_slot), float(x), float(y), int(time_us)
        # ctypes would wrap numbers C cannot hold: such a slot becomes -1 (refused, or ignored
        # for a frame), such a time one the library refuses.
        c_seat_slot = seat_slot if -2**31 <= seat_slot < 2**31 else -1
        c_time_us = time_us if -2**63 <= time_us < 2**63 else 2**63 - 1
        result: int = _library().dk_pipeline_touch(handle, int(touch_type), c_seat_slot, x, y, c_time_us)
        if result != 0:
            raise ValueError(_refusal(result, touch_type, seat_slot, time_us))

    def command(self, command: JSONText, time_us: int) -> None:
        """Applies a host command (a dict, or JSON text) at time_us: scene, present, remove,
        update, confirm, button, accessibility, dismiss, key or screen (Docs/protocol.md, "The protocol").
        Raises DismissKitError when it is malformed or the scene cannot take it."""
        self._apply("dk_pipeline_command", _json_text(command, "command"), _int64(time_us, "time_us"))

    # Written by script/protocol from protocol/dismisskit.xml, to the END line: edit that.
    def confirm(self, presentation: str, choice: Choice, time_us: int) -> None:
        """Answers a confirmationRequested: {"type": "confirm"}. Raises DismissKitError when
        refused."""
        self._apply("dk_pipeline_confirm", _c_text(presentation, "presentation"), int(Choice(choice)),
                    _int64(time_us, "time_us"))

    def button(self, presentation: str, role: ButtonRole, time_us: int) -> None:
        """A presentation's own button was pressed: {"type": "button"}. Raises DismissKitError when
        refused."""
        self._apply("dk_pipeline_button", _c_text(presentation, "presentation"), int(ButtonRole(role)),
                    _int64(time_us, "time_us"))

    def accessibility(self, presentation: str, action: AccessibilityAction, time_us: int) -> None:
        """An assistive technology's action on a presentation: {"type": "accessibility"}. Raises
        DismissKitError when refused."""
        self._apply("dk_pipeline_accessibility", _c_text(presentation, "presentation"),
                    int(AccessibilityAction(action)), _int64(time_us, "time_us"))

    def dismiss(self, presentation: str, time_us: int) -> None:
        """The host's own request to close a presentation: {"type": "dismiss"}. An unsaved one is
        asked about first. Raises DismissKitError when refused."""
        self._apply("dk_pipeline_dismiss", _c_text(presentation, "presentation"), _int64(time_us, "time_us"))

    def remove(self, presentation: str, time_us: int) -> None:
        """The host took a presentation away: {"type": "remove"}. Raises DismissKitError when
        refused."""
        self._apply("dk_pipeline_remove", _c_text(presentation, "presentation"), _int64(time_us, "time_us"))

    def set_unsaved_changes(self, presentation: str, unsaved: bool, time_us: int) -> None:
        """Whether a presentation holds unsaved work: {"type": "update", "unsavedChanges": ...}.
        Raises DismissKitError when refused."""
        self._apply("dk_pipeline_set_unsaved_changes", _c_text(presentation, "presentation"),
                    int(bool(unsaved)), _int64(time_us, "time_us"))

    def report_content_offset(self, presentation: str, offset: float, time_us: int) -> None:
        """A host-owned scroll view's offset (SPEC 4.2): {"type": "update", "content": {"offset":
        ...}}. Raises DismissKitError when refused."""
        self._apply("dk_pipeline_report_content_offset", _c_text(presentation, "presentation"), float(offset),
                    _int64(time_us, "time_us"))

    def escape_key(self, time_us: int) -> None:
        """The Escape key, for a host that owns the keyboard: {"type": "key", "key": "escape"}.
        Raises DismissKitError when refused."""
        self._apply("dk_pipeline_escape_key", _int64(time_us, "time_us"))

    def screen(self, width: float, height: float, width_mm: float, height_mm: float, time_us: int) -> None:
        """The window was resized, or the display rotated or rescaled: {"type": "screen"}. Raises
        DismissKitError when refused."""
        self._apply("dk_pipeline_screen", float(width), float(height), float(width_mm), float(height_mm),
                    _int64(time_us, "time_us"))

    def keyboard(self, height: float, time_us: int) -> None:
        """The on-screen keyboard docked at the bottom showed, hid or changed height: {"type":
        "keyboard"}. Raises DismissKitError when refused."""
        self._apply("dk_pipeline_keyboard", float(height), _int64(time_us, "time_us"))

    def tick(self, time_us: int) -> None:
        """The host's clock, for the scene's idle rule: {"type": "tick"}. Raises DismissKitError
        when refused."""
        self._apply("dk_pipeline_tick", _int64(time_us, "time_us"))

    def set_idle_rule(self, after_us: int, warning_us: int, unsaved: IdleUnsaved, time_us: int) -> None:
        """Sets the scene's idle rule: a {"type": "scene"} of the scene as it is, with this rule.
        Raises DismissKitError when refused."""
        self._apply("dk_pipeline_set_idle_rule", _int64(after_us, "after_us"), _int64(warning_us, "warning_us"),
                    int(IdleUnsaved(unsaved)), _int64(time_us, "time_us"))

    def clear_idle_rule(self, time_us: int) -> None:
        """Takes the scene's idle rule away: a {"type": "scene"} of the scene as it is, without one.
        Raises DismissKitError when refused."""
        self._apply("dk_pipeline_clear_idle_rule", _int64(time_us, "time_us"))
    # END of what script/protocol writes.

    def present(self, presentation: str, time_us: int, *, style: PresentationStyle,
                detents: Sequence[Detent] | None = None, selected_detent: Detent | None = None,
                grabber: bool | None = None, header_height: float | None = None, content_offset: float | None = None,
                modal: bool | None = None, unsaved_changes: bool | None = None,
                dismissible: bool | None = None, tap_outside: TapOutside | None = None, frame: Rect | None = None,
                anchor: Rect | None = None, passthrough: Sequence[Rect] | None = None) -> None:
        """Puts a presentation on top of the stack (a present command), with the scene's fields
        that are given (Docs/scene.md); the library writes the command. Raises DismissKitError
        when refused."""
        self._with_fields("dk_pipeline_present", presentation, time_us, style=style, detents=detents,
                          selected_detent=selected_detent, grabber=grabber, header_height=header_height,
                          content_offset=content_offset, modal=modal, unsaved_changes=unsaved_changes,
                          dismissible=dismissible, tap_outside=tap_outside, frame=frame, anchor=anchor,
                          passthrough=passthrough)

    def update(self, presentation: str, time_us: int, *, style: PresentationStyle | None = None,
               detents: Sequence[Detent] | None = None, selected_detent: Detent | None = None,
               grabber: bool | None = None, header_height: float | None = None, content_offset: float | None = None,
               modal: bool | None = None, unsaved_changes: bool | None = None, dismissible: bool | None = None,
               tap_outside: TapOutside | _Removal | None = None, frame: Rect | _Removal | None = None,
               anchor: Rect | _Removal | None = None, passthrough: Sequence[Rect] | None = None) -> None:
        """Changes the fields given and no others (an update command); REMOVE for tap_outside,
        frame or anchor takes it away, and an empty passthrough removes every region. Raises
        DismissKitError when refused."""
        self._with_fields("dk_pipeline_update", presentation, time_us, style=style, detents=detents,
                          selected_detent=selected_detent, grabber=grabber, header_height=header_height,
                          content_offset=content_offset, modal=modal, unsaved_changes=unsaved_changes,
                          dismissible=dismissible, tap_outside=tap_outside, frame=frame, anchor=anchor,
                          passthrough=passthrough)

    def _with_fields(self, function: str, presentation: str, time_us: int, *, style: PresentationStyle | None,
                     detents: Sequence[Detent] | None, selected_detent: Detent | None, grabber: bool | None,
                     header_height: float | None, content_offset: float | None, modal: bool | None,
                     unsaved_changes: bool | None, dismissible: bool | None, tap_outside: TapOutside | _Removal | None,
                     frame: Rect | _Removal | None, anchor: Rect | _Removal | None,
                     passthrough: Sequence[Rect] | None) -> None:
        """Gathers the fields given in a dk_presentation_fields and calls function with them."""
        lib = _library()
        fields = lib.dk_presentation_fields_new()

        def detent(value: Detent) -> tuple[DetentKind, float]:
            if value == "medium":
                return DetentKind.MEDIUM, 0.0
            if value == "large":
                return DetentKind.LARGE, 0.0
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                return DetentKind.CUSTOM, float(value)
            raise ValueError(f"a detent is 'medium', 'large' or a height in points, not {value!r}")

        def rect(value: Rect) -> tuple[float, float, float, float]:
            x, y, width, height = value
            return float(x), float(y), float(width), float(height)

        try:
            if style is not None:
                number = _C_NUMBERS[PresentationStyle][PresentationStyle(style).value]
                lib.dk_presentation_fields_set_style(fields, number)
            for each in detents or ():
                lib.dk_presentation_fields_add_detent(fields, *detent(each))
            if selected_detent is not None:
                lib.dk_presentation_fields_set_selected_detent(fields, *detent(selected_detent))
            for setter, flag in (("grabber", grabber), ("modal", modal), ("unsaved_changes", unsaved_changes),
                                 ("dismissible", dismissible)):
                if flag is not None:
                    getattr(lib, f"dk_presentation_fields_set_{setter}")(fields, int(bool(flag)))
            if header_height is not None:
                lib.dk_presentation_fields_set_header_height(fields, float(header_height))
            if content_offset is not None:
                lib.dk_presentation_fields_set_content_offset(fields, float(content_offset))
            if tap_outside is REMOVE:
                lib.dk_presentation_fields_remove_tap_outside(fields)
            elif tap_outside is not None:
                number = _C_NUMBERS[TapOutside][TapOutside(tap_outside).value]
                lib.dk_presentation_fields_set_tap_outside(fields, number)
            for name, given in (("frame", frame), ("anchor", anchor)):
                if given is REMOVE:
                    getattr(lib, f"dk_presentation_fields_remove_{name}")(fields)
                elif given is not None:
                    getattr(lib, f"dk_presentation_fields_set_{name}")(fields, *rect(given))
            if passthrough is not None:
                lib.dk_presentation_fields_clear_passthrough(fields)
                for region in passthrough:
                    lib.dk_presentation_fields_add_passthrough(fields, *rect(region))
            self._apply(function, _c_text(presentation, "presentation"), fields, _int64(time_us, "time_us"))
        finally:
            lib.dk_presentation_fields_free(fields)

    def _apply(self, function: str, *arguments: Any) -> None:
        """Calls a command function of the library; DismissKitError with its message when refused."""
        error = ctypes.c_void_p()
        if getattr(_library(), function)(self._live_handle(), *arguments, ctypes.byref(error)) != 0:
            raise DismissKitError(_take_string(error.value) if error.value else "command refused")

    @property
    def recording(self) -> Recording:
        """Whether the recording (``record``) still writes, and what reached the disk: a write
        that fails, on a full disk say, stops it while the pipeline goes on."""
        written = ctypes.c_int64()
        error = ctypes.c_void_p()
        state = RecordingState(_library().dk_pipeline_recording(self._live_handle(), ctypes.byref(written), ctypes.byref(error)))
        return Recording(state, written.value, _take_string(error.value) if error.value else None)

    def layout(self, presentation: str) -> Layout | None:
        """Where the presentation is drawn now, and what it is shown as (dk_pipeline_layout), or
        None when no presentation has that id. Ask again after a present, update or screen command
        and after the intents of a drag, setDetent and dismiss: they change it."""
        c = _CLayout()
        found: int = _library().dk_pipeline_layout(self._live_handle(), _c_text(presentation, "presentation"),
                                                   ctypes.byref(c))
        return _layout(c) if found == 1 else None

    def next_tick(self) -> int | None:
        """When the pipeline next needs a ``tick`` (dk_pipeline_next_tick), in µs on the clock of the
        touches' times, or None when it needs none: tick then, and at least once a second until it
        is None again. Ask after each call that feeds the pipeline."""
        time = ctypes.c_int64()
        if _library().dk_pipeline_next_tick(self._live_handle(), ctypes.byref(time)) != 1:
            return None
        return time.value

    def next_intent(self) -> dict[str, Any] | None:
        """The next intent as a dict, or None when there is none."""
        pointer: int | None = _library().dk_pipeline_next_intent(self._live_handle())
        if not pointer:
            return None
        intent: dict[str, Any] = json.loads(_take_string(pointer))
        return intent

    def next_typed_intent(self) -> Intent | None:
        """The next intent as an Intent (dk_pipeline_next_typed_intent), or None when there is
        none. It reads from the same queue as ``next_intent``."""
        c = _CIntent()
        if _library().dk_pipeline_next_typed_intent(self._live_handle(), ctypes.byref(c)) != 1:
            return None
        return _typed(c)

    def typed_intents(self) -> Iterator[Intent]:
        """The intents decided so far (and not yet read), in order, as Intents."""
        while (intent := self.next_typed_intent()) is not None:
            yield intent

    def __iter__(self) -> Iterator[dict[str, Any]]:
        while (intent := self.next_intent()) is not None:
            yield intent

    def close(self) -> None:
        """Frees the pipeline; further use raises ValueError."""
        handle, self._handle = self._handle, None
        if handle and _library is not None:  # _library may be gone when the interpreter shuts down
            _library().dk_pipeline_free(handle)

    def __enter__(self) -> Pipeline:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()
