"""The components in each of the catalog's languages, with nothing in the kiosk's code: Tests/GTK/
languages (languages.c) runs on GTK's Broadway backend with LANGUAGE=LANG (LANG=C.UTF-8), shown
through headless Chromium as components.py does. What it must show is read from the catalog
itself: po/LANG.po compiled by msgfmt and read with Python's gettext.
For each language of po/LINGUAS, in 390 x 844:
- GTK's text direction is right to left for ar and he, left to right for the others;
- the sheet header's Cancel and Done, the question's prompt and its answers (Discard Changes,
  Save, Keep Editing), the idle question's title and Continue are the catalog's words, none the
  English;
- the idle countdown, as it counts down, is the catalog's plural form for each number it shows
  (Russian's three forms, Arabic's six, Japanese's one), any digits ASCII;
- right to left, the header is mirrored: Cancel at the right, Done at the left.
Then in 1280 x 800 (a popover is a popover there, not a sheet), for English (no catalog) and for
ru, ko, ar, he: the header again; a kiosk's cancel-label overrides the catalog's word, None hides
the button, show-cancel-button shows it in the language again; and the popover: left to right, Share and the popover under it
are at the left; right to left both are mirrored to the right; its arrow sits between Share and
the popover, under Share's middle.

Usage: languages.py PROGRAM BROADWAY_PORT   (with PICTURES=DIR: DIR/gtk-question-LANG-phone.png
and DIR/gtk-question-LANG-landscape.png for ru, ko and ar, and DIR/gtk-popover-ar-landscape.png)"""
import gettext
import os
import pathlib
import re
import subprocess
import sys
import tempfile

from components import PICTURES, Browser, check, picture, session

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
RIGHT_TO_LEFT = ("ar", "he")
PICTURED = ("ru", "ko", "ar")
ANSWERS = ("Discard Changes", "Save", "Keep Editing")
COUNTDOWN = ("Starting over in %d second.", "Starting over in %d seconds.")
AFTER_MS, WARNING_MS = 6000, 5000


def catalog(language, scratch):
    """po/LANG.po as msgfmt compiles it, read by gettext."""
    compiled = os.path.join(scratch, f"{language}.mo")
    subprocess.run(["msgfmt", "--check", "-o", compiled, str(ROOT / "po" / f"{language}.po")], check=True)
    with open(compiled, "rb") as file:
        return gettext.GNUTranslations(file)


def languages():
    words = []
    for line in (ROOT / "po" / "LINGUAS").read_text().splitlines():
        words += line.split("#")[0].split()
    return words


def text(state, key):
    return state[key]["text"] if state[key] else None


def middle(rect):
    return rect[0] + rect[2] / 2


def translated(words, language, what, state):
    """Each (shown, English) pair: the catalog's translation, and not the English."""
    for shown, english in words:
        check(shown == translations[language].gettext(english) and shown != english,
              f"{language}: {what}: {english!r} is {shown!r}", state)


def header_checks(program, language):
    state = program.ask("sheet 1")
    state = program.until(lambda state: state["cancel"] and state["done"])
    rtl = language in RIGHT_TO_LEFT
    check(state["direction"] == ("rtl" if rtl else "ltr"),
          f"{language}: GTK's text direction is {'right to left' if rtl else 'left to right'}", state)
    if language in translations:
        translated([(text(state, "cancel"), "Cancel"), (text(state, "done"), "Done")], language, "the header", state)
    cancel, done, width = state["cancel"]["rect"], state["done"]["rect"], state["size"][0]
    if rtl:
        check(middle(cancel) > width / 2 > middle(done) and cancel[0] + cancel[2] > width - 40 and done[0] < 40,
              f"{language}: the header is mirrored: Cancel at the right, Done at the left", state)
    else:
        check(middle(cancel) < width / 2 < middle(done) and cancel[0] < 40 and done[0] + done[2] > width - 40,
              f"{language}: the header: Cancel at the left, Done at the right", state)


def override_checks(program, language):
    """A kiosk's own label overrides the catalog's, and shows the button; None hides it; shown
    again, it is the catalog's word."""
    state = program.ask("cancel-label Leave")
    check(text(state, "cancel") == "Leave" and state["done"], f"{language}: the kiosk's cancel-label is shown as it is", state)
    state = program.ask("cancel-label")
    check(state["cancel"] is None and state["done"], f"{language}: cancel-label None hides Cancel", state)
    state = program.ask("show-cancel")
    check(text(state, "cancel") == translations.get(language, gettext.NullTranslations()).gettext("Cancel"),
          f"{language}: show-cancel-button shows it again in the user's language", state)


def question_checks(finger, program, language, name):
    program.ask("ask")
    state = program.until(lambda state: state["prompt"] and len(state["answers"]) == 4)
    answers = state["answers"][1:]
    check(len(answers) == 3 and all(answer and answer["rect"][3] >= 44 for answer in answers),
          f"{language}: asked to close with unsaved work, the question is drawn with three touch-sized answers", state)
    if language in translations:
        translated([(text(state, "prompt"), "Discard your changes?")]
                   + [(answer["text"], english) for answer, english in zip(answers, ANSWERS)],
                   language, "the question", state)
    if PICTURES and language in PICTURED:
        picture(finger.browser, state, name)
    program.ask("sheet-close")


def idle_checks(program, language):
    """The idle question as it counts down, until the deadline dismisses the clean sheet."""
    program.ask("sheet 0")
    program.ask(f"rule {AFTER_MS} {WARNING_MS}")
    state = program.until(lambda state: state["countdown"])
    translated([(text(state, "idle_title"), "Are you still there?"), (text(state, "continue"), "Continue")],
               language, "the idle question", state)
    # Each number's sentence in the catalog, as printf writes it (Arabic writes 1 and 2 in words:
    # the form has no %d).
    sentences = {seconds: translations[language].ngettext(*COUNTDOWN, seconds).replace("%d", str(seconds))
                 for seconds in range(WARNING_MS // 1000 + 1)}
    shown = []
    while state["countdown"]:
        countdown = text(state, "countdown")
        seconds = [seconds for seconds, sentence in sentences.items() if sentence == countdown]
        english = [(COUNTDOWN[0] if n == 1 else COUNTDOWN[1]) % n for n in seconds]
        check(len(seconds) == 1 and countdown not in english and re.sub("[0-9]", "", countdown) == re.sub(r"\d", "", countdown),
              f"{language}: the countdown {countdown!r} is the catalog's plural form for {seconds}, its digits ASCII", state)
        shown += seconds
        state = program.until(lambda now: not now["countdown"] or text(now, "countdown") != countdown)
    check(len(shown) >= 2 and shown == sorted(shown, reverse=True),
          f"{language}: the countdown counted down through {shown}", state)


def popover_checks(finger, program, language):
    state = program.ask("popover")
    state = program.until(lambda state: state["popover"] and state["arrow"])
    frame, arrow, anchor, width = state["popover"]["rect"], state["arrow"]["rect"], state["anchor"]["rect"], state["size"][0]
    check(abs(middle(arrow) - middle(anchor)) < 0.5 and anchor[1] + anchor[3] <= arrow[1] + arrow[3] / 2 <= frame[1] + 0.5
          and frame[0] < middle(arrow) < frame[0] + frame[2],
          f"{language}: the popover's arrow is on its top edge, under the middle of its anchor", state)
    if language in RIGHT_TO_LEFT:
        check(middle(anchor) > width / 2 and middle(frame) > width / 2,
              f"{language}: mirrored: Share and the popover under it are at the right", state)
        if PICTURES and language in PICTURED:
            picture(finger.browser, state, f"gtk-popover-{language}-landscape.png")
    else:
        check(middle(anchor) < width / 2 and middle(frame) < width / 2,
              f"{language}: Share and the popover under it are at the left", state)
    program.ask("popover-close")


translations = {}


def main():
    program_path, port = sys.argv[1], int(sys.argv[2])
    shipped = languages()
    with tempfile.TemporaryDirectory() as scratch:
        for language in shipped:
            translations[language] = catalog(language, scratch)
    environment = {key: value for key, value in os.environ.items() if key not in ("LC_ALL", "LC_MESSAGES")}
    with tempfile.TemporaryDirectory() as profile, Browser(profile, width=1400, height=1000) as browser:
        size = (390, 844)
        for language in shipped:
            def phone(finger, program, language=language):
                header_checks(program, language)
                question_checks(finger, program, language, f"gtk-question-{language}-phone.png")
                idle_checks(program, language)
            session(browser, [program_path, *map(str, size)], port, [phone],
                    dict(environment, LANGUAGE=language, LANG="C.UTF-8"), size=size)
        size = (1280, 800)
        for language in ("en", "ru", "ko", "ar", "he"):
            def landscape(finger, program, language=language):
                header_checks(program, language)
                override_checks(program, language)
                question_checks(finger, program, language, f"gtk-question-{language}-landscape.png")
                popover_checks(finger, program, language)
            session(browser, [program_path, *map(str, size)], port, [landscape],
                    dict(environment, LANGUAGE=language, LANG="C.UTF-8"), size=size)


if __name__ == "__main__":
    main()
