// The page layer: a web kiosk's host for DismissKit (SPEC section 9). It feeds the page's
// Pointer Events to a pipeline of dismisskit.js and carries out its intents on plain HTML:
// `<dialog>` elements for sheets, form sheets, alerts and full-screen presentations, an element
// with the `popover` attribute (and `hidden`, for browsers without the Popover API) for a
// popover. Every decision is the pipeline's: this layer only translates events in and draws
// what the intents say (dismisskit.css styles it).
//
// The host rules it follows, where a browser needs one of its own:
// - Contacts: each pointer gets the lowest free seat slot from down to up or cancel; a mouse
//   and a pen are one contact each, from the primary button's press to its release; hover
//   decides nothing. A pointer that comes down while all 32 slots are held is not fed (the
//   pipeline would refuse it): it decides nothing, to its lift. Every sample of a move is read
//   through getCoalescedEvents(), and each pointer event ends with a frame.
// - Time: an event's own timeStamp, in microseconds. A command takes the time of the latest
//   input the layer has seen (a keydown's own time when later), so a command never lands
//   after a touch it preceded; a scroll or resize event has no input time of its own.
// - Units: a CSS pixel is a point. The physical size comes from `display` (the millimetres of
//   the whole `window.screen`); without it, 96 CSS pixels per inch, said once in the console.
// - The browser's pans: a sheet's chrome has `touch-action: none`. Its scrollable `content` is
//   the browser's own scrolling (host-owned, SPEC 4.2): its real scrollTop is reported as
//   `content.offset`, and its touch-action follows it: `pan-y` while scrolled (the browser
//   scrolls; its `pointercancel` ends the contact as a cancel, so a hand-off waits for the next
//   contact), `pan-down` at the top of the largest detent (a finger moving down drags the sheet,
//   one moving up scrolls), and `none` at the top of a smaller detent (the sheet grows, then the
//   pipeline scrolls the content, contentScrolled).
// - Escape: a keydown of Escape and a dialog's `cancel` go to the pipeline as the `key`
//   command; while the question is open, Escape is Keep Editing.
// - A tap outside a popover: the click that follows is swallowed, so the control below is not
//   pressed, unless the pipeline delivered it as a `passthroughTap`.
// - Resize and rotation: a `screen` command, which keeps every presentation and open question.
// - Order: the intents are carried out one at a time, in the pipeline's order. A listener that
//   calls the layer back (a `dismisskit-save` listener that updates, say) gives a command whose
//   intents wait their turn, after those already decided.

const defaultLabels = { question: "Discard your changes?", discard: "Discard Changes", save: "Save", keepEditing: "Keep Editing" };
// What content at the top of the largest detent leaves the browser: pans of a finger moving up.
// A browser without `pan-down` (WPE WebKit 2.38) leaves it none: the pipeline scrolls the content
// then (contentScrolled), without the browser's momentum.
const upwardPans = globalThis.CSS?.supports("touch-action", "pan-down") ? "pan-down" : "none";
const seatSlots = 32;  // dismisskit.h's DK_SEAT_SLOTS
const allSlotsHeld = 2 ** seatSlots - 1;
const inchInMillimetres = 25.4;
const cssPixelsPerInch = 96;

/** A web kiosk's presentations, driven by one DismissKit pipeline. */
export class Kiosk {
    #pipeline;
    #options;
    #millimetresPerPixel;
    #screen;
    #stack = [];            // the presented entries, bottom to top
    #slots = new Map();     // pointerId → seat slot
    #heldSlots = 0;         // the seat slots of #slots, a bit each
    #swallowed = new Map(); // pointerId → whether its click is swallowed (a tap outside a popover)
    #lastTime = 0;
    #question = null;       // { entry, dialog } while the pipeline waits for an answer
    #listeners = [];
    #carryingOut = false;   // while intents are carried out: a call from a listener leaves its own to that loop
    #recordingWatched = false;  // whether the recording is on and has not stopped
    #destroyed = false;

    /**
     * @param dk what `load()` of dismisskit.js gave.
     * @param options `display` ({widthMM, heightMM} of `window.screen`), `topInset`,
     *   `compactWidth`, `gestures` (the scene file's), `record` (keep the session for
     *   `session()`: true, or `{maxBytes}` to bound it other than by dismisskit.js's
     *   defaultRecordingLimit; a recording that reaches its limit stops, and the window hears
     *   `dismisskit-recording-stopped`), `labels` (the question's texts).
     */
    constructor(dk, options = {}) {
        this.#options = { topInset: 40, compactWidth: 600, labels: defaultLabels, ...options };
        this.#millimetresPerPixel = millimetresPerPixel(options.display);
        this.#screen = this.#viewport();
        const scene = { screen: this.#screen, compactWidth: this.#options.compactWidth, topInset: this.#options.topInset, presentations: [] };
        if (options.gestures) scene.gestures = options.gestures;
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
        this.#listen(window, "keydown", (event) => this.#keyDown(event));
        this.#listen(window, "resize", () => this.#resize());
    }

    /**
     * Shows `element` and presents it: `presentation` holds the scene file's fields (`id`,
     * defaulting to the element's id; `style`, `detents`, `selectedDetent`, `grabber`,
     * `headerHeight`, `modal`, `unsavedChanges`, `dismissible`, `tapOutside`), with elements
     * where the scene has rectangles: `content` (the scrollable element, reporting its scrollTop),
     * `anchor` and `passthrough` (an array). A popover's frame is where the page placed it.
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
                        detents: fields.detents ?? ["large"], offset: 0, dragged: false, reported: 0, applied: null };
        if (!entry.id) throw new Error("a presentation needs an id (or an element with one)");
        entry.detent = fields.selectedDetent ?? entry.detents[entry.detents.length - 1];
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
        if (content) {
            entry.onScroll = () => this.#contentScrolled(entry);
            content.addEventListener("scroll", entry.onScroll);
        }
        if (element.tagName === "DIALOG") {
            entry.onCancel = (event) => this.#cancelRequested(event);
            element.addEventListener("cancel", entry.onCancel);
        }
        this.#layOut(entry);
    }

    /** Changes a presented element's fields (`unsavedChanges`, `dismissible`, `selectedDetent`, …). */
    update(element, fields) {
        const entry = this.#entry(element);
        this.#command((at) => this.#pipeline.update(entry.id, fields, at));
        if (fields.selectedDetent !== undefined) entry.detent = fields.selectedDetent;
        if (fields.detents !== undefined) entry.detents = fields.detents;
        this.#layOut(entry);
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
     * Stops listening, closes the question and hides every presentation it shows (a modal one
     * would leave the page behind it dead), and frees the pipeline.
     */
    destroy() {
        if (this.#destroyed) return;
        this.#destroyed = true;
        for (const [target, type, listener, options] of this.#listeners) target.removeEventListener(type, listener, options);
        this.#listeners = [];
        this.#closeQuestion();
        for (const entry of this.#stack) {
            this.#forget(entry);
            this.#hide(entry);
        }
        this.#stack = [];
        this.#slots.clear();
        this.#heldSlots = 0;
        this.#swallowed.clear();
        this.#pipeline.free();
    }

    // Input.

    #pointerDown(event) {
        if (event.pointerType !== "touch" && event.button !== 0) return;  // a mouse's other buttons, a pen's eraser
        if (this.#slots.has(event.pointerId)) return;
        for (const pointer of this.#swallowed.keys()) if (!this.#slots.has(pointer)) this.#swallowed.delete(pointer);
        if (this.#heldSlots === allSlotsHeld) return;  // no slot free: the pipeline would refuse it
        const free = ~this.#heldSlots & (this.#heldSlots + 1);  // the lowest bit not held
        const slot = 31 - Math.clz32(free);
        this.#heldSlots = (this.#heldSlots | free) >>> 0;
        this.#slots.set(event.pointerId, slot);
        const top = this.#stack[this.#stack.length - 1];
        const outsidePopover = top !== undefined && this.#role(top) === "popover" && !top.element.contains(event.target) &&
            !this.#question?.dialog.contains(event.target);
        this.#swallowed.set(event.pointerId, outsidePopover);
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
        this.#heldSlots = (this.#heldSlots & ~(1 << slot)) >>> 0;
        this.#touch(type, slot, event);
        this.#touch("frame", slot, event);
        if (type === "cancel") this.#swallowed.delete(event.pointerId);
    }

    #touch(type, slot, event) {
        // A frame closes the samples just fed, at the latest time seen. A browser stamps its own
        // pointercancel when it claims the pan, on a clock of its own: the contact ends then too.
        const stamped = Math.round(event.timeStamp * 1000);
        const time = type === "cancel" || type === "frame" ? Math.max(stamped, this.#lastTime) : stamped;
        if (this.#pipeline.touch(type, slot, event.clientX, event.clientY, time)) this.#lastTime = Math.max(this.#lastTime, time);
        this.#carryOut();
    }

    #click(event) {
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
        if (this.#question) this.#answer("keepEditing");
        else this.#command((at) => this.#pipeline.escapeKey(at), time);
    }

    /** A new viewport: the screen command, then each popover where the page has placed it now. */
    #resize() {
        const screen = this.#viewport();
        if (Object.keys(screen).every((key) => screen[key] === this.#screen[key])) return;
        this.#screen = screen;
        this.#command((at) => this.#pipeline.screen(screen, at));
        for (const entry of this.#stack) {
            this.#layOut(entry);
            const placement = this.#placement(entry);
            if (Object.keys(placement).length === 0) continue;
            try {
                this.#command((at) => this.#pipeline.update(entry.id, placement, at));
            } catch (error) {
                console.warn(`DismissKit: ${entry.id} keeps its old place: ${error.message}`);
            }
        }
    }

    /** The rectangles the page gives a presentation: a popover's frame, its anchor and pass-through regions. */
    #placement(entry) {
        const placement = {};
        if (entry.anchor) placement.anchor = rectOf(entry.anchor);
        if (entry.passthrough) placement.passthrough = entry.passthrough.map(rectOf);
        if (entry.style === "popover" && !this.#isAdapted(entry)) placement.frame = rectOf(entry.element);
        return placement;
    }

    #contentScrolled(entry) {
        const offset = Math.max(0, entry.content.scrollTop);
        if (entry.applied !== null && Math.abs(offset - entry.applied) < 1) return;  // the pipeline's own contentScrolled
        entry.applied = null;
        if (offset === entry.reported) return;
        entry.reported = offset;
        this.#command((at) => this.#pipeline.reportContentOffset(entry.id, offset, at));
        this.#layOut(entry);
    }

    /** Gives a command by its typed call, `give(at)`, at `time` or the latest input's, then carries out its intents. */
    #command(give, time = 0) {
        const at = Math.max(this.#lastTime, time);
        try {
            give(at);
            this.#lastTime = at;
        } finally {
            this.#carryOut();
        }
    }

    #answer(choice) {
        const { entry } = this.#question;
        this.#command((at) => this.#pipeline.confirm(entry.id, choice, at));
    }

    // Output: the intents, carried out on the page.

    /** Carries out the intents waiting, in order; called again from a listener, it leaves them to the loop running. */
    #carryOut() {
        if (this.#carryingOut) return;
        this.#carryingOut = true;
        try {
            for (let line = this.#nextIntent(); line !== null; line = this.#nextIntent()) {
                const intent = JSON.parse(line);
                const entry = this.#stack.find((candidate) => candidate.id === intent.presentation);
                if (entry) this.#apply(intent, entry);
                else if (intent.type === "passthroughTap") this.#passThrough();
                window.dispatchEvent(new CustomEvent("dismisskit-intent", { detail: intent }));
            }
        } finally {
            this.#carryingOut = false;
        }
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
            this.#setOffset(entry, 0);
            break;
        case "dragChanged":
            this.#setOffset(entry, intent.offset);
            break;
        case "dragEnded":
        case "dragHandedBack":
            entry.dragged = false;
            this.#setOffset(entry, 0);
            break;
        case "setDetent":
            entry.detent = intent.detent;
            this.#layOut(entry);
            break;
        case "contentScrolled":
            if (!entry.content) break;
            entry.content.scrollTop = intent.offset;
            entry.applied = entry.content.scrollTop;
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

    /** Shows the element; a sheet starts below the screen, to slide up to its detent. */
    #show(entry) {
        const { element } = entry;
        element.dataset.dkRole = this.#role(entry);
        element.style.setProperty("--dk-top", `${this.#screen.height}px`);
        if (element.tagName === "DIALOG") {
            if (entry.fields.modal === false) element.show();
            else element.showModal();
        } else {
            element.hidden = false;
            element.showPopover?.();  // a browser without the Popover API (WPE WebKit 2.38) shows it by `hidden`
        }
        getComputedStyle(element).top;  // the start of the slide: the detent's top comes in #layOut
        if (entry.fields.grabber && !element.querySelector(":scope > .dk-grabber")) {
            const grabber = document.createElement("div");
            grabber.className = "dk-grabber";
            grabber.setAttribute("aria-hidden", "true");
            element.prepend(grabber);
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
        delete element.dataset.dkRole;
        delete element.dataset.dkDragged;
        delete element.dataset.dkLeaving;
        element.style.removeProperty("--dk-top");
    }

    /** Slides a sheet out (at once under prefers-reduced-motion, by dismisskit.css), then hides it. */
    async #leave(entry) {
        const { element } = entry;
        element.dataset.dkLeaving = "";
        element.style.setProperty("--dk-top", `${this.#screen.height}px`);
        await Promise.allSettled(element.getAnimations().map((animation) => animation.finished));
        this.#hide(entry);
    }

    #forget(entry) {
        if (entry.onScroll) entry.content.removeEventListener("scroll", entry.onScroll);
        if (entry.onCancel) entry.element.removeEventListener("cancel", entry.onCancel);
    }

    #setOffset(entry, offset) {
        entry.offset = offset;
        this.#layOut(entry);
    }

    /** Places a sheet at its detent plus the drag's offset, and sets its content's touch-action. */
    #layOut(entry) {
        const { element } = entry;
        const role = this.#role(entry);
        element.dataset.dkRole = role;
        if (entry.dragged) element.dataset.dkDragged = "";
        else delete element.dataset.dkDragged;
        if (role !== "sheet") return;
        const height = this.#height(this.#isAdapted(entry) ? "large" : entry.detent);
        element.style.setProperty("--dk-top", `${this.#screen.height - height + entry.offset}px`);
        if (entry.content) {
            const largest = Math.max(...entry.detents.map((detent) => this.#height(detent)));
            entry.content.style.touchAction = entry.reported > 0 ? "pan-y" : height >= largest ? upwardPans : "none";
        }
    }

    #height(detent) {
        const large = Math.max(0, this.#screen.height - this.#options.topInset);
        if (detent === "large") return large;
        if (detent === "medium") return large / 2;
        return Math.min(Math.max(0, Number(detent)), this.#screen.height);
    }

    /** How the presentation is drawn: a popover or current-context one is a sheet in a compact width. */
    #role(entry) {
        switch (entry.style) {
        case "popover": return this.#isAdapted(entry) ? "sheet" : "popover";
        case "alert": return "alert";
        case "fullScreen": return "fullScreen";
        default: return "sheet";
        }
    }

    #isAdapted(entry) {
        return (entry.style === "popover" || entry.style === "currentContext") && this.#screen.width < this.#options.compactWidth;
    }

    // The question: an action sheet with a destructive Discard, Save and Keep Editing.

    #ask(entry) {
        this.#closeQuestion();
        const labels = { ...defaultLabels, ...this.#options.labels };
        const dialog = document.createElement("dialog");
        dialog.className = "dk-action-sheet";
        dialog.setAttribute("aria-label", labels.question);
        const title = document.createElement("p");
        title.textContent = labels.question;
        dialog.append(title);
        for (const choice of ["discard", "save", "keepEditing"]) {
            const button = document.createElement("button");
            button.type = "button";
            button.dataset.choice = choice;
            button.textContent = labels[choice];
            button.addEventListener("click", () => this.#answer(choice));
            dialog.append(button);
        }
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

    #listen(target, type, listener) {
        const options = { capture: true };
        target.addEventListener(type, listener, options);
        this.#listeners.push([target, type, listener, options]);
    }
}

function millimetresPerPixel(display) {
    if (display?.widthMM > 0) return display.widthMM / window.screen.width;
    console.info(`DismissKit: no display size given; assuming ${cssPixelsPerInch} CSS pixels per inch`);
    return inchInMillimetres / cssPixelsPerInch;
}

function rectOf(element) {
    const { x, y, width, height } = element.getBoundingClientRect();
    return { x, y, width, height };
}
