#!/usr/bin/env python3
"""A GTK 4 kiosk in Python on libdismisskit-gtk, through GObject Introspection: Compose presents
a sheet with a draft that a swipe down dismisses, asking first once the draft is edited
(Discard Changes, Save, Keep Editing); Cancel in its header closes it the same way, Done as
finished (saving it). The window fills the screen: full screen where the windowing system does
it, maximized where it does not (GTK's Broadway backend), 1280 x 800 points where it does
neither. Its own on-screen keyboard, docked at the bottom, shows
when the draft takes the focus and tells the window's pipeline the height it is allocated
(keyboard-height): the sheet grows and is drawn above it. On keyboard-hiding-requested (a swipe,
a question, Escape) the sheet takes the draft's focus and the kiosk hides its keyboard.
After two minutes without a touch the kiosk goes back to its start screen (the idle rule): the
last 20 seconds ask "Are you still there?", and an edited draft is kept and asked about.

    python3 kiosk.py    (with the DismissKit-0 typelib installed: gir1.2-dismisskit-0)
"""
import gi

gi.require_version("Gtk", "4.0")
gi.require_version("DismissKit", "0")
from gi.repository import DismissKit, Gtk  # noqa: E402

# The page's look: the toolbar, the draft's border and padding, the placeholder's grey.
STYLE = """
.kiosk-toolbar { padding: 12px; border-bottom: 1px solid alpha(black, 0.12); }
.kiosk-toolbar button { font-size: 17px; }
.kiosk-draft-area { margin: 4px 16px 16px; border: 1px solid alpha(black, 0.25); border-radius: 10px; }
.kiosk-draft-area scrolledwindow { border-radius: 10px; }
.kiosk-draft { font-size: 17px; }
.kiosk-placeholder { margin: 12px; font-size: 17px; color: alpha(@theme_fg_color, 0.55); }
.kiosk-page-text { font-size: 17px; color: alpha(@theme_fg_color, 0.6); }
"""


def keyboard_new(buffer, hide):
    """Rows of keys that type into the buffer without taking its focus, and a Hide key."""
    keys = Gtk.Grid(css_classes=["osd"], row_homogeneous=True, column_homogeneous=True, visible=False)
    for row, letters in enumerate(("qwertyuiop", "asdfghjkl", "zxcvbnm")):
        for column, letter in enumerate(letters):
            key = Gtk.Button(label=letter, focus_on_click=False, height_request=64)
            key.connect("clicked", lambda key: buffer.insert_at_cursor(key.get_label()))
            keys.attach(key, column, row, 1, 1)
    space, hide_key = Gtk.Button(label=" ", focus_on_click=False), Gtk.Button(label="Hide")
    space.connect("clicked", lambda key: buffer.insert_at_cursor(" "))
    hide_key.connect("clicked", lambda key: (keys.get_root().set_focus(None), hide()))
    keys.attach(space, 2, 3, 6, 1)
    keys.attach(hide_key, 8, 3, 2, 1)
    return keys


def activate(application):
    # A kiosk fills its screen: full screen where the windowing system does it, maximized where it
    # ignores full screen (GTK's Broadway backend), and 1280 x 800 points where it does neither.
    window = Gtk.ApplicationWindow(application=application, decorated=False, default_width=1280, default_height=800)
    window.maximize()
    window.fullscreen()
    style = Gtk.CssProvider()
    style.load_from_data(STYLE.encode())
    Gtk.StyleContext.add_provider_for_display(window.get_display(), style, Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)

    # The draft: a bordered, padded text view with a placeholder, in a scrolled window (the
    # sheet's host-owned scrolling).
    draft = Gtk.TextView(wrap_mode=Gtk.WrapMode.WORD_CHAR, css_classes=["kiosk-draft"], left_margin=12,
                         right_margin=12, top_margin=12, bottom_margin=12)
    placeholder = Gtk.Label(label="Write your message", css_classes=["kiosk-placeholder"], halign=Gtk.Align.START,
                            valign=Gtk.Align.START, can_target=False)
    area = Gtk.Overlay(child=Gtk.ScrolledWindow(child=draft), css_classes=["kiosk-draft-area"])
    area.add_overlay(placeholder)
    # The page: a toolbar with a touch-sized Compose at its top.
    compose_button = Gtk.Button(label="Compose", halign=Gtk.Align.START, width_request=120, height_request=56)
    toolbar = Gtk.Box(css_classes=["kiosk-toolbar"])
    toolbar.append(compose_button)
    page = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    page.append(toolbar)
    page.append(Gtk.Label(label="No messages yet.", css_classes=["kiosk-page-text"], vexpand=True))

    # Cancel and Done in the user's language (cancel_label and done_label would set the kiosk's own).
    sheet = DismissKit.Sheet(title="New Message", show_cancel_button=True, show_done_button=True, content=page,
                             child=area)
    buffer = draft.get_buffer()
    buffer.connect("changed", lambda buffer: placeholder.set_visible(buffer.get_char_count() == 0))
    # The draft is unsaved work from its first edit until it is saved or thrown away.
    buffer.connect("modified-changed", lambda buffer: sheet.set_unsaved_changes(buffer.get_modified()))
    sheet.connect("save-requested", lambda sheet: (print("saved:", buffer.props.text), buffer.set_modified(False)))

    def dismissed(sheet, source, resolution):
        if source == DismissKit.DismissalSource.DONE_BUTTON:  # finished: saved
            print("saved:", buffer.props.text)
        if resolution == DismissKit.Resolution.DISCARDED:
            buffer.set_text("")
        buffer.set_modified(False)
        print("closed by", source.value_nick, "-", resolution.value_nick, flush=True)

    sheet.connect("dismissed", dismissed)
    compose_button.connect("clicked", lambda button: sheet.present())
    # The keyboard over everything, at the bottom of the window's child (the pipeline's screen).
    pipeline = DismissKit.Pipeline.for_window(window)

    def hide_keyboard():
        keyboard.set_visible(False)
        pipeline.props.keyboard_height = 0

    def place_keyboard(overlay, widget, allocation):
        """Docks the keyboard at the bottom at its natural height, and tells the pipeline that height."""
        width, height = overlay.get_width(), overlay.get_height()
        natural = min(widget.measure(Gtk.Orientation.VERTICAL, width)[1], height)
        allocation.x, allocation.y, allocation.width, allocation.height = 0, height - natural, width, natural
        pipeline.props.keyboard_height = natural
        return True

    keyboard = keyboard_new(buffer, hide_keyboard)
    overlay = Gtk.Overlay(child=sheet)
    overlay.add_overlay(keyboard)
    overlay.connect("get-child-position", place_keyboard)
    window.set_child(overlay)
    focus = Gtk.EventControllerFocus()
    focus.connect("enter", lambda focus: keyboard.set_visible(True))
    draft.add_controller(focus)
    # The keyboard goes first: the sheet has taken the draft's focus; hide the keyboard, report 0.
    pipeline.connect("keyboard-hiding-requested", lambda pipeline, presentation, reason: hide_keyboard())
    # Back to the start screen after two minutes without a touch, asking first in the last 20 seconds.
    pipeline.set_idle_rule(120_000_000, 20_000_000, DismissKit.IdleUnsaved.KEEP)
    pipeline.connect("idle-reset", lambda pipeline: (hide_keyboard(), print("back to the start screen", flush=True)))
    window.present()


application = Gtk.Application(application_id="org.example.DismissKitPython")
application.connect("activate", activate)
application.run([])
