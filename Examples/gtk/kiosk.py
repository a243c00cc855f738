#!/usr/bin/env python3
"""A GTK 4 kiosk in Python on libdismisskit-gtk, through GObject Introspection: Compose presents
a sheet with a draft that a swipe down dismisses, asking first once the draft is edited
(Discard Changes, Save, Keep Editing).

    python3 kiosk.py    (with the DismissKit-0 typelib installed: gir1.2-dismisskit-0)
"""
import gi

gi.require_version("Gtk", "4.0")
gi.require_version("DismissKit", "0")
from gi.repository import DismissKit, Gtk  # noqa: E402


def activate(application):
    window = Gtk.ApplicationWindow(application=application)
    window.fullscreen()

    draft = Gtk.TextView()
    scrolled = Gtk.ScrolledWindow(child=draft)  # the sheet's host-owned scrolling
    compose_button = Gtk.Button(label="Compose", halign=Gtk.Align.START, valign=Gtk.Align.START,
                                width_request=120, height_request=56)

    sheet = DismissKit.Sheet(title="New Message", content=compose_button, child=scrolled)
    buffer = draft.get_buffer()
    # The draft is unsaved work from its first edit until it is saved or thrown away.
    buffer.connect("modified-changed", lambda buffer: sheet.set_unsaved_changes(buffer.get_modified()))
    sheet.connect("save-requested", lambda sheet: (print("saved:", buffer.props.text), buffer.set_modified(False)))

    def dismissed(sheet, source, resolution):
        if resolution == DismissKit.Resolution.DISCARDED:
            buffer.set_text("")
        buffer.set_modified(False)
        print("closed by", source.value_nick, "-", resolution.value_nick, flush=True)

    sheet.connect("dismissed", dismissed)
    compose_button.connect("clicked", lambda button: sheet.present())
    window.set_child(sheet)
    window.present()


application = Gtk.Application(application_id="org.example.DismissKitPython")
application.connect("activate", activate)
application.run([])
