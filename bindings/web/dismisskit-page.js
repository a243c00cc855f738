// The page layer: a web kiosk's host for DismissKit (SPEC section 9). It feeds the page's
// Pointer Events to a pipeline of dismisskit.js and carries out its intents on plain HTML:
// `<dialog>` elements for sheets, form sheets, alerts and full-screen presentations, an element
// with the `popover` attribute (and `hidden`, for browsers without the Popover API) for a
// popover. Every decision is the pipeline's: this layer only translates events in and, after
// each event and command, draws every presentation where the pipeline's layout() puts it (its
// role at this width, its frame at its detent or under the drag, its grabber, its header band,
// the question's anchor), the figures the pipeline hit-tests with; dismisskit.css styles it.
//
// The host rules it follows, where a browser needs one of its own:
// - Contacts: each pointer gets the lowest free seat slot from down to up or cancel; a mouse
//   and a pen are one contact each, from the primary button's press to its release; hover
//   decides nothing. A pointer that comes down while all 32 slots are held is not fed (the
//   pipeline would refuse it): it decides nothing, to its lift. Every sample of a move is read
//   through getCoalescedEvents(), and each pointer event ends with a frame.
// - Time: an event's own timeStamp, in microseconds. While a contact is down, a command takes the
//   time of the latest input the layer has seen (a keydown's own time when later), so it never
//   lands after a touch it preceded (a scroll or resize event has no input time of its own); with
//   none down, it takes now (performance.now(), the timeStamps' clock) when later: the idle clock
//   runs from it, and a presentation the page shows long after the last touch is not found idle.
// - Units: a CSS pixel is a point. The physical size comes from `display` (the millimetres of
//   the whole `window.screen`); without it, 96 CSS pixels per inch, said once in the console.
// - The browser's pans: none in a sheet. dismisskit.css gives it and everything in it
//   `touch-action: none`, and every touchmove of a finger on a sheet is cancelled (Chromium
//   would still fling at a moving lift, and the fling's stop would swallow the next tap's click).
//   The pipeline scrolls (contentScrolled): the element under a contact that scrolls vertically
//   (the `content`, a textarea, any scroller; none where nothing scrolls) is the sheet's content
//   for that contact, its scrollTop reported as `content.offset` before the down; so the same
//   contact scrolls it to its top and then drags the sheet. A browser's pan would end the contact
//   for the page (pointercancel) and never give it back.
// - Escape: a keydown of Escape and a dialog's `cancel` go to the pipeline as the `key`
//   command; while the question is open, Escape is Keep Editing.
// - A tap outside a popover: the click that follows is swallowed, so the control below is not
//   pressed, unless the pipeline delivered it as a `passthroughTap`.
// - Resize and rotation: a `screen` command, which keeps every presentation and open question.
// - Idle (SPEC section 11, with the `idle` option): one timer ticks the pipeline, on the clock of
//   the touches (performance.now(), an event's timeStamp's clock), at nextTick() and at least once a
//   second, and again at each second the countdown shows; it is armed again after every call that
//   feeds the pipeline, and none is armed while nextTick() is null. On idleWarning a popover asks
//   "Are you still there?" with the whole seconds left and Continue, above everything and in the
//   room above the keyboard, leaving the focus (and so the keyboard) where it is; a touch on it is
//   fed like every touch, so the pipeline cancels the warning; Continue pressed without a pointer,
//   or Escape, gives the keyboard's height again, a command that changes nothing but is activity.
//   It closes on idleCancelled and with the tick at the deadline; on idleReset the window hears
//   `dismisskit-idle-reset`, for the page's start screen (the presentations are gone by then,
//   each by its dismiss).
// - The on-screen keyboard (SPEC section 10): its height is the larger of what the VirtualKeyboard
//   API gives (`overlaysContent` is set, so the browser leaves the viewports alone and reports the
//   keyboard's rectangle on `geometrychange`) and what the visual viewport lost at the bottom of
//   the layout viewport (browsers without the API, or with it and no keyboard behind it, such as
//   Chromium on Linux); a loss under a few pixels, or under a pinch zoom, is no keyboard. A
//   change goes to the pipeline as the `keyboard` command. On `hideKeyboard` the focused element
//   is blurred, so the browser hides its keyboard; the height it then reports is 0.
// - Order: the intents are carried out one at a time, in the pipeline's order. A listener that
//   calls the layer back (a `dismisskit-save` listener that updates, say) gives a command whose
//   intents wait their turn, after those already decided.
// - Language: the words are the catalog's (po/, generated into dismisskit-strings.js), in the
//   `language` option's language, else the document's (<html lang>), the best match of either
//   (pt-PT is pt_BR, zh-Hans and zh-SG zh_CN, ar-EG ar; zh-TW none), else English; each looked up
//   when it is shown, so a page that changes its lang is followed. `labels` overrides them.
// - Direction: the document's, when <html> has a dir; else the language's: for Arabic or Hebrew the
//   layer gives <html> dir="rtl" (taken back when the language changes and at destroy()), so the
//   page mirrors as a whole, its CSS by logical properties. Gestures keep the screen's directions:
//   the pipeline gets clientX and clientY as they are, and the layer places by left and top.

import { catalogs } from "./dismisskit-strings.js";

const second = 1_000_000;  // µs
const seatSlots = 32;  // dismisskit.h's DK_SEAT_SLOTS
const allSlotsHeld = 2 ** seatSlots - 1;
const inchInMillimetres = 25.4;
const cssPixelsPerInch = 96;
// What the visual viewport may lose at the bottom without a keyboard: rounding, a browser's bar.
const keyboardThreshold = 4;

/** A web kiosk's presentations, driven by one DismissKit pipeline. */
export class Kiosk {
    #pipeline;
    #options;
    #millimetresPerPixel;
    #screen;
    #keyboard = 0;          // the keyboard's height last given to the pipeline
    #overlaidContent;       // navigator.virtualKeyboard.overlaysContent before the kiosk set it
    #stack = [];            // the presented entries, bottom to top
    #slots = new Map();     // pointerId → seat slot
    #heldSlots = 0;         // the seat slots of #slots, a bit each
    #swallowed = new Map(); // pointerId → whether its click is swallowed (a tap outside a popover)
    #lastTime = 0;
    #question = null;       // { entry, dialog } while the pipeline waits for an answer
    #stillThere = null;     // { dialog, countdown, deadline, startingOver } from idleWarning to its cancellation or deadline
    #givenDirection = null; // the dir the layer gave <html> for its language, while the page gave none
    #idleTimer = null;      // the timeout that ticks the pipeline, while nextTick() is not null
    #listeners = [];
    #carryingOut = false;   // while intents are carried out: a call from a listener leaves its own to that loop
    #recordingWatched = false;  // whether the recording is on and has not stopped
    #destroyed = false;

    /**
     * @param dk what `load()` of dismisskit.js gave.
     * @param options `display` ({widthMM, heightMM} of `window.screen`), `topInset` and
     *   `compactWidth` (the scene file's, its defaults when left out), `gestures` (the scene
     *   file's), `record` (keep the session for
     *   `session()`: true, or `{maxBytes}` to bound it other than by dismisskit.js's
     *   defaultRecordingLimit; a recording that reaches its limit stops, and the window hears
     *   `dismisskit-recording-stopped`), `idle` (the scene file's idle rule: `after`, `warning`, in
     *   µs, and `unsaved`), `language` (a BCP 47 tag: the words' language, before <html lang>),
     *   `labels` (texts that replace the catalog's: of the question and of the idle warning, whose
     *   `startingOver` is a function of the seconds left).
     */
    constructor(dk, options = {}) {
        this.#options = options;
        this.#millimetresPerPixel = millimetresPerPixel(options.display);
        this.#screen = this.#viewport();
        this.#keyboard = this.#keyboardHeight();
        const scene = { screen: this.#screen, presentations: [] };
        if (this.#keyboard > 0) scene.keyboard = { height: this.#keyboard };
        for (const field of ["compactWidth", "topInset", "gestures", "idle"]) if (options[field] !== undefined) scene[field] = options[field];
        this.#pipeline = dk.pipeline(JSON.stringify(scene));
        if (options.record) {
            this.#pipeline.record(options.record === true ? {} : options.record);
            this.#recordingWatched = true;
        }
        this.#listen(window, "pointerdown", (event) => this.#pointerDown(event));
        this.#listen(window, "pointermove", (event) => this.#pointerMove(event));
        this.#listen(window, "pointerup", (event) => this.#pointerEnd(event, "up"));
        this.#listen(window, "pointercancel", (event) => this.#pointerEnd(event, "cancel"));
        this.#listen(window, "click", (event) => this.#click(event));
        this.#listen(window, "touchmove", (event) => this.#touchMove(event), { passive: false });
        this.#listen(window, "keydown", (event) => this.#keyDown(event));
        this.#listen(window, "resize", () => this.#resize());
        const { virtualKeyboard } = navigator;
        if (virtualKeyboard) {
            this.#overlaidContent = virtualKeyboard.overlaysContent;
            virtualKeyboard.overlaysContent = true;
            this.#listen(virtualKeyboard, "geometrychange", () => this.#keyboardChanged());
        }
        for (const type of ["resize", "scroll"]) if (window.visualViewport) this.#listen(visualViewport, type, () => this.#keyboardChanged());
    }

    /**
     * Shows `element` and presents it: `presentation` holds the scene file's fields (`id`,
     * defaulting to the element's id; `style`, `detents`, `selectedDetent`, `grabber`,
     * `headerHeight`, `modal`, `unsavedChanges`, `dismissible`, `tapOutside`), with elements
     * where the scene has rectangles: `content` (the scrollable element, reporting its scrollTop),
     * `anchor` and `passthrough` (an array). A popover's frame is where the page placed it, at
     * every width (in a compact one the pipeline adapts it to a sheet, drawn as one).
     * Throws with the pipeline's message when the scene cannot take it, and then shows nothing
     * new: an element already presented stays as it is.
     */
    present(element, presentation = {}) {
        const { content, anchor, passthrough, id: givenID, ...fields } = presentation;
        const presented = this.#stack.find((candidate) => candidate.element === element);
        if (presented) {
            // Presented again: the pipeline refuses the id it holds, with its message, and the page
            // layer another id for the same element. Either way what is on screen stays.
            if ((givenID ?? element.id) !== presented.id) throw new Error(`the element is already presented as "${presented.id}"`);
            this.#command((at) => this.#pipeline.present(presented.id, { ...fields, style: fields.style ?? "sheet" }, at));
            return;
        }
        const entry = { id: givenID ?? element.id, element, style: fields.style ?? "sheet", content, anchor, passthrough, fields,
                        role: null, dragged: false, scroller: content ?? null, reported: 0, applied: null };
        if (!entry.id) throw new Error("a presentation needs an id (or an element with one)");
        this.#followDirection();
        this.#show(entry);
        const given = { ...fields, style: entry.style, ...this.#placement(entry) };
        if (content) given.contentOffset = entry.reported = Math.max(0, content.scrollTop);
        try {
            this.#command((at) => this.#pipeline.present(entry.id, given, at));
        } catch (error) {
            this.#hide(entry);
            throw error;
        }
        this.#stack.push(entry);
        entry.onScroll = (event) => { if (event.target === entry.scroller) this.#contentScrolled(entry); };
        element.addEventListener("scroll", entry.onScroll, { capture: true });
        if (element.tagName === "DIALOG") {
            entry.onCancel = (event) => this.#cancelRequested(event);
            element.addEventListener("cancel", entry.onCancel);
        }
        this.#draw(entry, { entering: true });
    }

    /** Changes a presented element's fields (`unsavedChanges`, `dismissible`, `selectedDetent`, …). */
    update(element, fields) {
        const entry = this.#entry(element);
        this.#command((at) => this.#pipeline.update(entry.id, fields, at));
        Object.assign(entry.fields, fields);
    }

    /** The presentation's Cancel (`"cancel"`) or Done (`"done"`) button was pressed. */
    button(element, role) {
        const { id } = this.#entry(element);
        this.#command((at) => this.#pipeline.button(id, role, at));
    }

    /** The page itself asks to close the presentation (a programmatic dismissal). */
    dismiss(element) {
        const { id } = this.#entry(element);
        this.#command((at) => this.#pipeline.dismiss(id, at));
    }

    /** An accessibility action: `"escape"`, `"nextDetent"` or `"previousDetent"`. */
    accessibility(element, action) {
        const { id } = this.#entry(element);
        this.#command((at) => this.#pipeline.accessibility(id, action, at));
    }

    /** Where the presented element is drawn, as the pipeline lays it out (dismisskit.js's `layout()`). */
    layout(element) {
        return this.#pipeline.layout(this.#entry(element).id);
    }

    /** The session recorded since the start (with `record`), for `gesturectl replay`. */
    session() {
        return this.#pipeline.session();
    }

    /**
     * What became of the recording (with `record`), as dismisskit.js's `recording()` tells it:
     * `state` "off", "on" or "failed" (it reached its limit and stopped), `bytes`, `error`.
     */
    recording() {
        return this.#pipeline.recording();
    }

    /**
     * Stops listening and ticking, closes the question and the idle warning and hides every
     * presentation it shows (a modal one would leave the page behind it dead), and frees the pipeline.
     */
    destroy() {
        if (this.#destroyed) return;
        this.#destroyed = true;
        for (const [target, type, listener, options] of this.#listeners) target.removeEventListener(type, listener, options);
        this.#listeners = [];
        if (this.#overlaidContent !== undefined) navigator.virtualKeyboard.overlaysContent = this.#overlaidContent;
        clearTimeout(this.#idleTimer);
        this.#idleTimer = null;
        this.#closeQuestion();
        this.#closeStillThere();
        for (const entry of this.#stack) {
            this.#forget(entry);
            this.#hide(entry);
        }
        this.#stack = [];
        this.#slots.clear();
        this.#heldSlots = 0;
        this.#swallowed.clear();
        this.#giveBackDirection();
        this.#pipeline.free();
    }

    // Input.

    #pointerDown(event) {
        if (event.pointerType !== "touch" && event.button !== 0) return;  // a mouse's other buttons, a pen's eraser
        if (this.#slots.has(event.pointerId)) return;
        for (const pointer of this.#swallowed.keys()) if (!this.#slots.has(pointer)) this.#swallowed.delete(pointer);
        if (this.#stillThere?.dialog.contains(event.target)) {
            // A touch on the idle warning only answers it: activity (idleCancelled closes it), never a
            // touch on what is below, which could be a tap outside a popover; its click reaches nothing.
            this.#swallowed.set(event.pointerId, true);
            this.#continue();
            return;
        }
        if (this.#heldSlots === allSlotsHeld) return;  // no slot free: the pipeline would refuse it
        const free = ~this.#heldSlots & (this.#heldSlots + 1);  // the lowest bit not held
        const slot = 31 - Math.clz32(free);
        this.#heldSlots = (this.#heldSlots | free) >>> 0;
        this.#slots.set(event.pointerId, slot);
        const top = this.#stack[this.#stack.length - 1];
        const outsidePopover = top !== undefined && top.role === "popover" && !top.element.contains(event.target) &&
            !this.#question?.dialog.contains(event.target);
        this.#swallowed.set(event.pointerId, outsidePopover);
        if (top?.role === "sheet" && top.element.contains(event.target)) this.#landedOn(top, event);
        this.#touch("down", slot, event);
        this.#touch("frame", slot, event);
    }

    #pointerMove(event) {
        const slot = this.#slots.get(event.pointerId);
        if (slot === undefined) return;  // hover
        const samples = event.getCoalescedEvents?.() ?? [];
        for (const sample of samples.length > 0 ? samples : [event]) this.#touch("motion", slot, sample);
        this.#touch("frame", slot, event);
    }

    #pointerEnd(event, type) {
        const slot = this.#slots.get(event.pointerId);
        if (slot === undefined || (type === "up" && event.pointerType !== "touch" && event.button !== 0)) return;
        this.#slots.delete(event.pointerId);
        // 2 ** slot, not 1 << slot: xgettext reads "< slot" as the start of an E4X element, and then misses the marked words.
        this.#heldSlots = (this.#heldSlots & ~(2 ** slot)) >>> 0;
        this.#touch(type, slot, event);
        this.#touch("frame", slot, event);
        if (type === "cancel") this.#swallowed.delete(event.pointerId);
    }

    /**
     * A contact comes down on the topmost sheet: the scroller under it (the page's `content`, a
     * textarea, any element that scrolls vertically) is the sheet's content for this contact. Its
     * offset (0 where none scrolls) is reported before the down, and each contentScrolled moves it.
     */
    #landedOn(entry, event) {
        entry.scroller = scrollerAt(event.target, entry.element);
        entry.applied = null;
        this.#reportOffset(entry, entry.scroller ? Math.max(0, entry.scroller.scrollTop) : 0, Math.round(event.timeStamp * 1000));
    }

    #touch(type, slot, event) {
        // A frame closes the samples just fed, at the latest time seen. A browser stamps its own
        // pointercancel when it claims the pan, on a clock of its own: the contact ends then too.
        const stamped = Math.round(event.timeStamp * 1000);
        const time = type === "cancel" || type === "frame" ? Math.max(stamped, this.#lastTime) : stamped;
        if (this.#pipeline.touch(type, slot, event.clientX, event.clientY, time)) this.#lastTime = Math.max(this.#lastTime, time);
        this.#carryOut();
    }

    /**
     * Keeps a finger on a sheet the page's: the browser starts no pan, and so no fling, whose
     * stop would swallow the next tap's click (touch-action alone leaves Chromium its fling).
     */
    #touchMove(event) {
        if (event.cancelable && this.#stack.some((entry) => entry.role === "sheet" && entry.element.contains(event.target))) event.preventDefault();
    }

    #click(event) {
        // A grabber pressed without a pointer (an assistive technology's press): the next detent.
        const grabbed = this.#stack.find((entry) => entry.element.querySelector(":scope > .dk-grabber") === event.target);
        if (grabbed && event.detail === 0) this.#command((at) => this.#pipeline.accessibility(grabbed.id, "nextDetent", at));
        if (!this.#swallowed.get(event.pointerId)) return;
        this.#swallowed.delete(event.pointerId);
        event.preventDefault();
        event.stopImmediatePropagation();
    }

    #keyDown(event) {
        if (event.key !== "Escape" || (this.#stack.length === 0 && this.#question === null)) return;
        event.preventDefault();
        this.#escape(Math.round(event.timeStamp * 1000));
    }

    #cancelRequested(event) {
        event.preventDefault();
        this.#escape(0);
    }

    #escape(time) {
        if (this.#stillThere) this.#continue();
        else if (this.#question) this.#answer("keepEditing");
        else this.#command((at) => this.#pipeline.escapeKey(at), time);
    }

    /**
     * A new viewport: the screen command (every presentation drawn at the new width), then each
     * popover where the page has placed it now.
     */
    #resize() {
        const screen = this.#viewport();
        if (Object.keys(screen).every((key) => screen[key] === this.#screen[key])) return;
        this.#screen = screen;
        this.#command((at) => this.#pipeline.screen(screen, at));
        for (const entry of this.#stack) {
            const placement = this.#placement(entry);
            if (Object.keys(placement).length === 0) continue;
            try {
                this.#command((at) => this.#pipeline.update(entry.id, placement, at));
            } catch (error) {
                console.warn(`DismissKit: ${entry.id} keeps its old place: ${error.message}`);
            }
        }
        this.#keyboardChanged();
    }

    /** Gives the keyboard's height to the pipeline when it changed. */
    #keyboardChanged() {
        const height = this.#keyboardHeight();
        if (height === this.#keyboard) return;
        this.#keyboard = height;
        this.#command((at) => this.#pipeline.keyboard(height, at));
    }

    /**
     * The on-screen keyboard's height in CSS pixels, up to the screen's: the VirtualKeyboard API's
     * rectangle, or what the visual viewport lost at the bottom of the layout viewport, the larger.
     */
    #keyboardHeight() {
        const overlaid = navigator.virtualKeyboard?.boundingRect.height ?? 0;
        const viewport = window.visualViewport;
        const lost = viewport && Math.abs(viewport.scale - 1) < 0.01
            ? document.documentElement.clientHeight - viewport.height - viewport.offsetTop : 0;
        const height = Math.round(Math.max(overlaid, lost >= keyboardThreshold ? lost : 0));
        return Math.min(height, this.#screen.height);
    }

    /**
     * The rectangles the page gives a presentation: its anchor and pass-through regions, and a
     * popover's frame where the page places it; one drawn as a sheet (adapted) keeps the frame
     * it was last given.
     */
    #placement(entry) {
        const placement = {};
        if (entry.anchor) placement.anchor = rectOf(entry.anchor);
        if (entry.passthrough) placement.passthrough = entry.passthrough.map(rectOf);
        if (entry.style === "popover" && entry.role !== "sheet") placement.frame = rectOf(entry.element);
        return placement;
    }

    #contentScrolled(entry) {
        const offset = Math.max(0, entry.scroller.scrollTop);
        if (entry.applied !== null && Math.abs(offset - entry.applied) < 1) return;  // the pipeline's own contentScrolled
        entry.applied = null;
        this.#reportOffset(entry, offset);
    }

    /** Reports the content's offset to the pipeline, at `time` (or as #command times it), unless it already has it. */
    #reportOffset(entry, offset, time) {
        if (offset === entry.reported) return;
        entry.reported = offset;
        this.#command((at) => this.#pipeline.reportContentOffset(entry.id, offset, at), time);
    }

    /**
     * Gives a command by its typed call, `give(at)`, at `time` or the latest input's (now when
     * later and no contact is down), then carries out its intents.
     */
    #command(give, time = 0) {
        const latest = Math.max(this.#lastTime, time);
        const at = this.#slots.size === 0 ? Math.max(latest, now()) : latest;
        try {
            give(at);
            this.#lastTime = at;
        } finally {
            this.#carryOut();
        }
    }

    /** Activity without a touch (Continue pressed by a key or an assistive technology): the keyboard's height again, which changes nothing. */
    #continue() {
        this.#command((at) => this.#pipeline.keyboard(this.#keyboard, at));
    }

    /** The idle timer: a tick now, on the touches' clock. */
    #tick() {
        this.#idleTimer = null;
        // The tick at the deadline meets it (a finger down would have cancelled the warning): the
        // question closes before the reset, even when `keep` leaves nothing to dismiss.
        if (this.#stillThere && Math.max(this.#lastTime, now()) >= this.#stillThere.deadline) this.#closeStillThere();
        this.#command((at) => this.#pipeline.tick(at));
    }

    /**
     * Arms the idle timer for nextTick(), at most a second ahead and no later than the countdown's
     * next whole second; none while nextTick() is null.
     */
    #armIdleTimer() {
        clearTimeout(this.#idleTimer);
        this.#idleTimer = null;
        const next = this.#destroyed ? null : this.#pipeline.nextTick();
        if (next === null) return;
        const time = now();
        let wait = Math.min(next - time, second);
        if (this.#stillThere) {
            const left = this.#stillThere.deadline - time;
            if (left > 0) wait = Math.min(wait, left - (Math.ceil(left / second) - 1) * second);
        }
        this.#idleTimer = setTimeout(() => this.#tick(), Math.max(0, Math.ceil(wait / 1000)));
    }

    #answer(choice) {
        const { entry } = this.#question;
        this.#command((at) => this.#pipeline.confirm(entry.id, choice, at));
    }

    // Output: the intents, carried out on the page.

    /**
     * Carries out the intents waiting, in order, then draws every presentation where the
     * pipeline lays it out now; called again from a listener, it leaves them to the loop running.
     */
    #carryOut() {
        if (this.#carryingOut) return;
        this.#carryingOut = true;
        try {
            for (let line = this.#nextIntent(); line !== null; line = this.#nextIntent()) {
                const intent = JSON.parse(line);
                const entry = this.#stack.find((candidate) => candidate.id === intent.presentation);
                if (intent.type === "hideKeyboard") document.activeElement?.blur();  // the browser hides its keyboard
                else if (entry) this.#apply(intent, entry);
                else if (intent.type === "passthroughTap") this.#passThrough();
                else if (intent.type === "idleWarning") this.#askStillThere(intent.deadline);
                else if (intent.type === "idleCancelled" || intent.type === "idleReset") this.#closeStillThere();
                window.dispatchEvent(new CustomEvent("dismisskit-intent", { detail: intent }));
                if (intent.type === "idleReset") window.dispatchEvent(new CustomEvent("dismisskit-idle-reset", { detail: intent }));
            }
        } finally {
            this.#carryingOut = false;
        }
        if (!this.#destroyed) {
            for (const entry of this.#stack) this.#draw(entry);
            this.#drawStillThere();
        }
        this.#armIdleTimer();
        this.#watchRecording();
    }

    /** The next intent; none once a listener destroyed the kiosk. */
    #nextIntent() {
        return this.#destroyed ? null : this.#pipeline.nextIntent();
    }

    /** Tells the window, once, that the recording reached its limit and stopped. */
    #watchRecording() {
        if (!this.#recordingWatched || this.#destroyed) return;
        const recording = this.#pipeline.recording();
        if (recording.state !== "failed") return;
        this.#recordingWatched = false;
        window.dispatchEvent(new CustomEvent("dismisskit-recording-stopped", { detail: recording }));
    }

    #apply(intent, entry) {
        switch (intent.type) {
        case "dragBegan":
            entry.dragged = true;
            break;
        case "dragEnded":
        case "dragHandedBack":
            entry.dragged = false;
            break;
        case "contentScrolled":
            if (!entry.scroller) break;
            entry.scroller.scrollTop = intent.offset;
            entry.applied = entry.scroller.scrollTop;
            entry.reported = entry.applied;
            break;
        case "confirmationRequested":
            this.#ask(entry);
            break;
        case "save":
            entry.element.dispatchEvent(new CustomEvent("dismisskit-save", { detail: intent }));
            break;
        case "cancelled":
            this.#closeQuestion();
            break;
        case "dismiss":
            this.#closeQuestion();
            this.#stack.splice(this.#stack.indexOf(entry), 1);
            this.#forget(entry);
            this.#leave(entry);
            entry.element.dispatchEvent(new CustomEvent("dismisskit-dismiss", { detail: intent }));
            break;
        case "rejected":
            entry.element.dispatchEvent(new CustomEvent("dismisskit-rejected", { detail: intent }));
            break;
        }
    }

    /** Lets the click of the tap that the pipeline delivered reach the control below. */
    #passThrough() {
        for (const [pointer, swallowed] of this.#swallowed) if (swallowed) this.#swallowed.set(pointer, false);
    }

    // Drawing.

    /** Shows the element, where the page's CSS places it until the pipeline's layout is drawn (#draw). */
    #show(entry) {
        const { element } = entry;
        if (element.tagName === "DIALOG") {
            if (entry.fields.modal === false) element.show();
            else element.showModal();
        } else {
            element.hidden = false;
            element.showPopover?.();  // a browser without the Popover API (WPE WebKit 2.38) shows it by `hidden`
        }
    }

    #hide(entry) {
        const { element } = entry;
        if (element.tagName === "DIALOG") {
            element.close();
        } else {
            if (element.hidePopover && element.matches(":popover-open")) element.hidePopover();
            element.hidden = true;
        }
        element.querySelector(":scope > .dk-grabber")?.remove();
        describe(element, null);
        delete element.dataset.dkRole;
        delete element.dataset.dkDragged;
        delete element.dataset.dkLeaving;
        place(element, null);
        element.style.removeProperty("--dk-header-height");
    }

    /** Slides a sheet out below the screen (at once under prefers-reduced-motion, by dismisskit.css), then hides it. */
    async #leave(entry) {
        const { element } = entry;
        element.dataset.dkLeaving = "";
        if (entry.role === "sheet") element.style.top = `${this.#screen.height}px`;
        await Promise.allSettled(element.getAnimations().map((animation) => animation.finished));
        this.#hide(entry);
    }

    #forget(entry) {
        if (entry.onScroll) entry.element.removeEventListener("scroll", entry.onScroll, { capture: true });
        if (entry.onCancel) entry.element.removeEventListener("cancel", entry.onCancel);
    }

    /**
     * Draws the presentation where the pipeline lays it out now: a sheet (an adapted popover
     * too) at its frame, following the drag, with its grabber and its header band's height as
     * `--dk-header-height`; a popover where the page placed it (the frame it gave); the question
     * at its anchor. A sheet `entering` slides up from below the screen.
     */
    #draw(entry, { entering = false } = {}) {
        const layout = this.#pipeline.layout(entry.id);
        if (layout === null) return;
        const { element } = entry;
        entry.role = layout.role;
        element.dataset.dkRole = layout.role;
        const { _ } = this.#translation();
        drawGrabber(element, layout, _);
        // TRANSLATORS: the accessible description of a sheet that a downward swipe closes.
        describe(element, layout.role === "sheet" && entry.fields.dismissible !== false ? _("Swipe down to close.") : null);
        if (this.#question?.entry === entry) place(this.#question.dialog, layout.questionAnchor);
        if (layout.role !== "sheet") {
            place(element, null);
            element.style.removeProperty("--dk-header-height");
            return;
        }
        if (entering) {
            element.dataset.dkDragged = "";  // no transition to where the slide starts
            place(element, { ...layout.frame, y: this.#screen.height });
            getComputedStyle(element).top;
        }
        if (entry.dragged) element.dataset.dkDragged = "";
        else delete element.dataset.dkDragged;
        place(element, layout.frame);
        element.style.setProperty("--dk-header-height", `${layout.header.height}px`);
    }

    // The question: an action sheet with a destructive Discard, Save and Keep Editing, at the
    // bottom of its anchor (the dialog covers the anchor; its panel holds the texts).

    #ask(entry) {
        this.#closeQuestion();
        const { labels, language } = this.#texts();
        const dialog = document.createElement("dialog");
        dialog.lang = language;
        dialog.className = "dk-action-sheet";
        dialog.setAttribute("aria-label", labels.question);
        const panel = document.createElement("div");
        panel.className = "dk-action-sheet-panel";
        const title = document.createElement("p");
        title.textContent = labels.question;
        panel.append(title);
        for (const choice of ["discard", "save", "keepEditing"]) {
            const button = document.createElement("button");
            button.type = "button";
            button.dataset.choice = choice;
            button.textContent = labels[choice];
            button.addEventListener("click", () => this.#answer(choice));
            panel.append(button);
        }
        dialog.append(panel);
        dialog.addEventListener("cancel", (event) => this.#cancelRequested(event));
        document.body.append(dialog);
        dialog.showModal();
        this.#question = { entry, dialog };
    }

    #closeQuestion() {
        if (!this.#question) return;
        this.#question.dialog.close();
        this.#question.dialog.remove();
        this.#question = null;
    }

    // The idle warning: "Are you still there?", the whole seconds left to the deadline, and
    // Continue, centred in the room above the keyboard.

    /**
     * Shows the warning as a manual popover, in the top layer above everything and without taking
     * the focus (a text field keeps it, and the browser its keyboard: a keyboard hidden would be
     * activity, and cancel the warning). It goes inside the topmost modal dialog, since everything
     * outside that one is inert. A browser without the Popover API gets a modal dialog.
     */
    #askStillThere(deadline) {
        this.#closeStillThere();
        const { labels, language } = this.#texts();
        const popover = "showPopover" in HTMLElement.prototype;
        const dialog = document.createElement(popover ? "div" : "dialog");
        dialog.lang = language;
        dialog.className = "dk-still-there";
        dialog.setAttribute("role", "alertdialog");
        dialog.setAttribute("aria-modal", "true");
        dialog.setAttribute("aria-label", labels.stillThere);
        const panel = document.createElement("div");
        panel.className = "dk-still-there-panel";
        const title = document.createElement("h2");
        title.textContent = labels.stillThere;
        const countdown = document.createElement("p");
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = labels.continue;
        // A pointer's press is fed like every touch (activity); a key's or an assistive technology's is not.
        button.addEventListener("click", (event) => { if (event.detail === 0) this.#continue(); });
        panel.append(title, countdown, button);
        dialog.append(panel);
        if (popover) {
            dialog.popover = "manual";
            const modals = [this.#question?.dialog, ...this.#stack.map((entry) => entry.element).reverse()];
            (modals.find((element) => element?.matches(":modal")) ?? document.body).append(dialog);
            dialog.showPopover();
        } else {
            dialog.addEventListener("cancel", (event) => this.#cancelRequested(event));
            document.body.append(dialog);
            dialog.showModal();
        }
        this.#stillThere = { dialog, countdown, deadline, startingOver: labels.startingOver };
    }

    /** The seconds left, by the touches' clock, and the room above the keyboard. */
    #drawStillThere() {
        if (!this.#stillThere) return;
        const { dialog, countdown, deadline, startingOver } = this.#stillThere;
        const seconds = Math.max(0, Math.ceil((deadline - now()) / second));
        countdown.textContent = startingOver(seconds);
        dialog.style.setProperty("--dk-keyboard-height", `${this.#keyboard}px`);
    }

    #closeStillThere() {
        if (!this.#stillThere) return;
        const { dialog } = this.#stillThere;
        if (dialog.matches(":popover-open")) dialog.hidePopover();
        else dialog.close?.();
        dialog.remove();
        this.#stillThere = null;
    }

    // Language and direction.

    /** The catalog's language for the `language` option, else for <html lang>; English when neither matches. */
    #language() {
        for (const tag of [this.#options.language, document.documentElement.lang]) {
            const language = tag && bestLanguage(tag);
            if (language) return language;
        }
        return "en";
    }

    /** gettext's _ and ngettext in the language shown now. */
    #translation() {
        const catalog = catalogs[this.#language()];
        return {
            _: (message) => catalog.messages[message] ?? message,
            ngettext: (singular, plural, n) => {
                const forms = catalog.plurals[singular];
                return forms ? forms[catalog.plural(n)] : [singular, plural][catalogs.en.plural(n)];
            },
        };
    }

    /**
     * The question's and the idle warning's texts in the language shown now (its BCP 47 tag), each
     * replaced by the `labels` option's where it has one; <html> turned to the language's direction.
     */
    #texts() {
        this.#followDirection();
        const language = this.#language();
        const { _, ngettext } = this.#translation();
        const labels = {
            question: _("Discard your changes?"), discard: _("Discard Changes"), save: _("Save"), keepEditing: _("Keep Editing"),
            stillThere: _("Are you still there?"),
            startingOver: (seconds) =>
                // TRANSLATORS: under "Are you still there?": the whole seconds left before the kiosk starts over.
                ngettext("Starting over in %d second.", "Starting over in %d seconds.", seconds).replace("%d", String(seconds)),
            continue: _("Continue"),
            ...this.#options.labels,
        };
        return { labels, language: language.replace("_", "-") };
    }

    /** Gives <html> the direction of the language shown while the page gives it none, and takes it back after. */
    #followDirection() {
        const root = document.documentElement;
        if (root.hasAttribute("dir") && root.getAttribute("dir") !== this.#givenDirection) {
            this.#givenDirection = null;  // the page's own
            return;
        }
        const { direction } = catalogs[this.#language()];
        if (direction === "rtl") {
            root.setAttribute("dir", direction);
            this.#givenDirection = direction;
        } else {
            this.#giveBackDirection();
        }
    }

    #giveBackDirection() {
        if (this.#givenDirection === null) return;
        document.documentElement.removeAttribute("dir");
        this.#givenDirection = null;
    }

    // Helpers.

    #entry(element) {
        const entry = this.#stack.find((candidate) => candidate.element === element || candidate.id === element);
        if (!entry) throw new Error(`${element.id ?? element} is not presented`);
        return entry;
    }

    #viewport() {
        const width = document.documentElement.clientWidth;
        const height = document.documentElement.clientHeight;
        const round = (millimetres) => Math.round(millimetres * 10) / 10;
        return { width, height, widthMM: round(width * this.#millimetresPerPixel), heightMM: round(height * this.#millimetresPerPixel) };
    }

    #listen(target, type, listener, extra = {}) {
        const options = { capture: true, ...extra };
        target.addEventListener(type, listener, options);
        this.#listeners.push([target, type, listener, options]);
    }
}

/** Now on the touches' clock (an event's timeStamp's), in µs. */
function now() {
    return Math.round(performance.now() * 1000);
}

function millimetresPerPixel(display) {
    if (display?.widthMM > 0) return display.widthMM / window.screen.width;
    console.info(`DismissKit: no display size given; assuming ${cssPixelsPerInch} CSS pixels per inch`);
    return inchInMillimetres / cssPixelsPerInch;
}

/**
 * Draws `element` at `rect` (in its containing block, in CSS pixels) by its inline style, over the
 * page's own CSS; null gives its place back to the page's CSS.
 */
function place(element, rect) {
    for (const property of ["inset", "left", "top", "width", "height"]) element.style.removeProperty(property);
    if (rect === null) return;
    element.style.inset = "auto";
    for (const [property, value] of [["left", rect.x], ["top", rect.y], ["width", rect.width], ["height", rect.height]]) {
        element.style.setProperty(property, `${value}px`);
    }
}

/**
 * A sheet's grabber where the layout puts it, inside the sheet's frame; none without one. It is a
 * button to an assistive technology, named and described in the language `_` translates to.
 */
function drawGrabber(element, layout, _) {
    let grabber = element.querySelector(":scope > .dk-grabber");
    if (layout.role !== "sheet" || layout.grabber === null) {
        grabber?.remove();
        return;
    }
    if (!grabber) {
        grabber = document.createElement("div");
        grabber.className = "dk-grabber";
        grabber.setAttribute("role", "button");
        element.prepend(grabber);
    }
    // TRANSLATORS: a sheet's grabber (the short bar at its top edge): its accessible name and description.
    setAttributes(grabber, { "aria-label": _("Resize"), "aria-description": _("Tap or drag to change the size.") });
    const { frame } = layout;
    place(grabber, { ...layout.grabber, x: layout.grabber.x - frame.x, y: layout.grabber.y - frame.y });
}

/**
 * Gives a presented element the layer's accessible description (null: none), unless the page gave
 * it its own.
 */
function describe(element, description) {
    if (element.hasAttribute("aria-description") && element.dataset.dkDescribed === undefined) return;
    if (description === null) {
        element.removeAttribute("aria-description");
        delete element.dataset.dkDescribed;
        return;
    }
    setAttributes(element, { "aria-description": description });
    element.dataset.dkDescribed = "";
}

/** Sets the attributes that differ: an element drawn after every event is not touched for nothing. */
function setAttributes(element, attributes) {
    for (const [name, value] of Object.entries(attributes)) if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/** The catalog's language that best matches a BCP 47 tag (or a gettext name such as pt_BR); null when none does. */
function bestLanguage(tag) {
    const wanted = subtags(tag);
    let best = null;
    for (const name of Object.keys(catalogs)) {
        const offered = subtags(name);
        if (offered.language !== wanted.language || offered.script !== wanted.script) continue;
        if (offered.region === wanted.region) return name;
        best ??= name;
    }
    return best;
}

/** A tag's language, script and region, in lower case; Chinese's script from its region when not given. */
function subtags(tag) {
    const [language, ...rest] = tag.toLowerCase().replaceAll("_", "-").split("-");
    const region = rest.find((part) => /^([a-z]{2}|\d{3})$/.test(part)) ?? "";
    const chineseScript = ["tw", "hk", "mo"].includes(region) ? "hant" : "hans";
    const script = rest.find((part) => /^[a-z]{4}$/.test(part)) ?? (language === "zh" ? chineseScript : "");
    return { language, script, region };
}

/** The nearest element from `target` up to `sheet` (not included) that scrolls vertically; null when none does. */
function scrollerAt(target, sheet) {
    for (let element = target; element && element !== sheet; element = element.parentElement) {
        const { overflowY } = getComputedStyle(element);
        const scrolls = element.tagName === "TEXTAREA" || ["auto", "scroll", "overlay"].includes(overflowY);
        if (scrolls && element.scrollHeight > element.clientHeight) return element;
    }
    return null;
}

function rectOf(element) {
    const { x, y, width, height } = element.getBoundingClientRect();
    return { x, y, width, height };
}
