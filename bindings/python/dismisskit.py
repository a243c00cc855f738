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
                pipeline.command({"type": "confirm", "presentation": intent["presentation"],
                                  "choice": "discard"}, intent["time"])

Every host command goes through ``command``; the window was resized or the display rotated:
``pipeline.command({"type": "screen", "width": 800, "height": 1280, "widthMM": 136,
"heightMM": 217}, time_us)`` (a gesture in progress is cancelled, the rest is kept). A touch
the pipeline refuses raises ValueError and changes nothing.

The library is found, in order: the path in DISMISSKIT_LIBRARY; the library this file was
installed with (script/install writes its path below); pkg-config's dismisskit libdir; the
dynamic linker's search (libdismisskit.so.0, the ABI this binding is written for).

Formats and rules are those of dismisskit.h and README.md ("Embedding in C, C++ and Python").
No compiled extension: only the standard library.
"""

import ctypes
import enum
import json
import os
import subprocess

__all__ = ["DismissKitError", "Pipeline", "SEAT_SLOTS", "TouchType", "__version__", "library_path", "version"]

# Set by script/install to the library installed beside this file's copy.
_INSTALLED_LIBRARY = None


class DismissKitError(Exception):
    """A scene or a command the library refused; the message says why."""


# DK_SEAT_SLOTS: the seat slots a contact may have are 0 to SEAT_SLOTS - 1, as libinput's.
SEAT_SLOTS = 32


class TouchType(enum.IntEnum):
    """dk_touch_type: libinput's touch event types."""

    DOWN = 0
    MOTION = 1
    UP = 2
    CANCEL = 3
    FRAME = 4


def library_path():
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


def _load():
    path = library_path()
    try:
        lib = ctypes.CDLL(path)
    except OSError as error:
        raise ImportError(
            f"cannot load the DismissKit C library ({path}): {error}; install it with "
            "script/install, or set DISMISSKIT_LIBRARY to libdismisskit.so's path"
        ) from error
    error_out = ctypes.POINTER(ctypes.c_void_p)
    # Strings the library returns are c_void_p, so that they can be given back to dk_string_free.
    lib.dk_version.argtypes = []
    lib.dk_version.restype = ctypes.c_char_p
    lib.dk_pipeline_new.argtypes = [ctypes.c_char_p, error_out]
    lib.dk_pipeline_new.restype = ctypes.c_void_p
    lib.dk_pipeline_free.argtypes = [ctypes.c_void_p]
    lib.dk_pipeline_free.restype = None
    lib.dk_pipeline_touch.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int32,
                                      ctypes.c_double, ctypes.c_double, ctypes.c_int64]
    lib.dk_pipeline_touch.restype = ctypes.c_int
    lib.dk_touch_result_name.argtypes = [ctypes.c_int]
    lib.dk_touch_result_name.restype = ctypes.c_char_p
    lib.dk_pipeline_command.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int64, error_out]
    lib.dk_pipeline_command.restype = ctypes.c_int
    lib.dk_pipeline_next_intent.argtypes = [ctypes.c_void_p]
    lib.dk_pipeline_next_intent.restype = ctypes.c_void_p
    lib.dk_string_free.argtypes = [ctypes.c_void_p]
    lib.dk_string_free.restype = None
    lib.dk_pipeline_record.argtypes = [ctypes.c_void_p, ctypes.c_char_p, error_out]
    lib.dk_pipeline_record.restype = ctypes.c_int
    return lib


_lib = _load()


def version():
    """The package version of the loaded library."""
    return _lib.dk_version().decode()


# The release, from the library (dk_version), which has it from DismissKitVersion.release.
__version__ = version()


def _take_string(pointer):
    """The text of a string the library returned, which is then freed."""
    try:
        return ctypes.string_at(pointer).decode()
    finally:
        _lib.dk_string_free(pointer)


def _json_text(value, what):
    """The JSON text for a C string: a NUL would end it early, so text holding one is refused."""
    if isinstance(value, (bytes, str)):
        text = value.encode() if isinstance(value, str) else value
        if b"\0" in text:
            raise ValueError(f"{what} holds a NUL character, which a C string cannot carry")
        return text
    if isinstance(value, dict):
        return json.dumps(value).encode()
    raise TypeError(f"{what} must be a dict, str or bytes, not {type(value).__name__}")


def _int64(value, what):
    """value as an int64_t argument; OverflowError beyond its range, which ctypes would wrap."""
    number = int(value)
    if not -2**63 <= number < 2**63:
        raise OverflowError(f"{what} {number} is outside int64_t, -2**63 to 2**63 - 1")
    return number


def _refusal(result, type, seat_slot, time_us):
    """The message of a touch dk_pipeline_touch refused: the event and the library's name for
    why (dk_touch_result_name)."""
    name = type.name.lower()
    event = f"{name} at {time_us} us" if type == TouchType.FRAME else f"{name} on seat slot {seat_slot} at {time_us} us"
    reason = _lib.dk_touch_result_name(result)
    return f"touch refused: {event}: {reason.decode() if reason else f'answer {result}'}"


class Pipeline:
    """A DismissKit pipeline: a scene, the gesture recogniser and the dismissal policy.

    ``scene`` is a scene as a dict or as JSON text (a scene file; its timeline is ignored).
    With ``record``, a path, the session is recorded to that file (dk_pipeline_record), which
    ``gesturectl replay`` replays to the same intents; closing the pipeline closes it.
    Use one pipeline from one thread at a time. Iterating the pipeline yields the intents
    decided so far (and not yet read), in order, as dicts.
    """

    def __init__(self, scene, record=None):
        error = ctypes.c_void_p()
        handle = _lib.dk_pipeline_new(_json_text(scene, "scene"), ctypes.byref(error))
        if not handle:
            raise DismissKitError(_take_string(error.value) if error.value else "bad scene")
        if record is not None:
            path = os.fsencode(record)
            if b"\0" in path:
                _lib.dk_pipeline_free(handle)
                raise ValueError("record holds a NUL character, which a C string cannot carry")
            if _lib.dk_pipeline_record(handle, path, ctypes.byref(error)) != 0:
                _lib.dk_pipeline_free(handle)
                raise DismissKitError(_take_string(error.value) if error.value else "cannot record")
        self._handle = handle

    def _live_handle(self):
        if not self._handle:
            raise ValueError("the pipeline is closed")
        return self._handle

    def touch(self, type, seat_slot, x, y, time_us):
        """Feeds one touch event: type is a TouchType or its name ("down", "motion", "up",
        "cancel", "frame"); seat_slot from 0 to SEAT_SLOTS - 1 (ignored for frame); x, y in
        screen points (ignored for up, cancel and frame); time in microseconds on a clock that
        does not go back. End each frame with a "frame" event, as libinput does.

        Raises ValueError when the pipeline refuses the touch, which then changes nothing; its
        message ends with the library's name for why (dk_touch_result_name: timeWentBack,
        seatSlotOutOfRange, positionOutOfRange, seatSlotAlreadyDown, seatSlotNotDown, …)."""
        if isinstance(type, str):
            try:
                type = TouchType[type.upper()]
            except KeyError:
                raise ValueError(f"unknown touch type {type!r}") from None
        else:
            try:
                type = TouchType(type)
            except ValueError:
                raise ValueError(f"unknown touch type {type!r}") from None
        handle = self._live_handle()
        seat_slot, x, y, time_us = int(seat_slot), float(x), float(y), int(time_us)
        # ctypes would wrap numbers C cannot hold: such a slot becomes -1 (refused, or ignored
        # for a frame), such a time one the library refuses.
        c_seat_slot = seat_slot if -2**31 <= seat_slot < 2**31 else -1
        c_time_us = time_us if -2**63 <= time_us < 2**63 else 2**63 - 1
        result = _lib.dk_pipeline_touch(handle, int(type), c_seat_slot, x, y, c_time_us)
        if result != 0:
            raise ValueError(_refusal(result, type, seat_slot, time_us))

    def command(self, command, time_us):
        """Applies a host command (a dict, or JSON text) at time_us: scene, present, remove,
        update, confirm, button, accessibility, dismiss, key or screen (README, "The protocol").
        Raises DismissKitError when it is malformed or the scene cannot take it."""
        error = ctypes.c_void_p()
        if _lib.dk_pipeline_command(self._live_handle(), _json_text(command, "command"), _int64(time_us, "time_us"),
                                    ctypes.byref(error)) != 0:
            raise DismissKitError(_take_string(error.value) if error.value else "command refused")

    def next_intent(self):
        """The next intent as a dict, or None when there is none."""
        pointer = _lib.dk_pipeline_next_intent(self._live_handle())
        return json.loads(_take_string(pointer)) if pointer else None

    def __iter__(self):
        while (intent := self.next_intent()) is not None:
            yield intent

    def close(self):
        """Frees the pipeline; further use raises ValueError."""
        handle, self._handle = getattr(self, "_handle", None), None
        if handle and _lib is not None:  # _lib may be gone when the interpreter shuts down
            _lib.dk_pipeline_free(handle)

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.close()

    def __del__(self):
        self.close()
