// The example kiosk's wiring: DismissKit decides every dismissal; this page says what is
// presented, whether it holds unsaved work, and what saving means.
import { load } from "../dismisskit.js";
import { Kiosk } from "../dismisskit-page.js";

// The session is kept in memory up to dismisskit.js's defaultRecordingLimit (16 MiB); past it the
// recording stops, and the kiosk goes on. Two minutes without a touch, the last twenty of them
// announced by "Are you still there?", close everything; a draft is saved first.
const kiosk = new Kiosk(await load(), { record: true, idle: { after: 120_000_000, warning: 20_000_000, unsaved: "save" } });
const element = (id) => document.getElementById(id);
const status = element("status");
addEventListener("dismisskit-recording-stopped", (event) => { status.value = `recording stopped: ${event.detail.error}`; });
const compose = element("compose");
const share = element("share");

for (let number = 1; number <= 40; number += 1) {
    const item = document.createElement("li");
    item.textContent = `Earlier message ${number}`;
    element("messages").append(item);
}

element("compose-button").addEventListener("click", () => {
    element("draft").value = "";
    element("messages").scrollTop = 0;
    kiosk.present(compose, { style: "sheet", detents: ["medium", "large"], selectedDetent: "large", grabber: true,
                             headerHeight: 56, content: element("messages"), unsavedChanges: false });
});
element("draft").addEventListener("input", () => kiosk.update(compose, { unsavedChanges: element("draft").value !== "" }));
element("compose-cancel").addEventListener("click", () => kiosk.button(compose, "cancel"));
element("compose-done").addEventListener("click", () => kiosk.button(compose, "done"));
compose.addEventListener("dismisskit-save", () => { status.value = `saved the draft "${element("draft").value}"`; });
compose.addEventListener("dismisskit-dismiss", (event) => { status.value = `compose closed (${event.detail.resolution})`; });

element("share-button").addEventListener("click", () => {
    const shareButton = element("share-button");
    element("share-note").value = "";
    kiosk.present(share, { style: "popover", modal: false, unsavedChanges: false, anchor: shareButton,
                           passthrough: [...document.querySelectorAll(".toolbar button")].filter((button) => button !== shareButton) });
});
element("share-note").addEventListener("input", () => kiosk.update(share, { unsavedChanges: element("share-note").value !== "" }));
share.addEventListener("dismisskit-save", () => { status.value = `saved the share note "${element("share-note").value}"`; });
share.addEventListener("dismisskit-dismiss", (event) => {
    if (event.detail.resolution !== "autosaved") status.value = `share closed (${event.detail.resolution})`;
});

// The start screen for the next person: the inbox, from its top.
addEventListener("dismisskit-idle-reset", () => {
    scrollTo(0, 0);
    status.value = "started over for the next person";
});

element("notes-button").addEventListener("click", () => {
    element("notes-count").textContent = String(Number(element("notes-count").textContent) + 1);
});

window.kiosk = kiosk;  // for the console: kiosk.session() is this visit's session file
