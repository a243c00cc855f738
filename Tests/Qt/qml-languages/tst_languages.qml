// The components in the kiosk's language, with nothing in the kiosk's code: the words of a
// Sheet (its header's Cancel and Done, its grabber's, backdrop's and own accessible text, its
// question), an adapted Popover's Done, an Alert's buttons and an IdleQuestion (title, Continue,
// its countdown's plural at counts that reach every form) are the catalog's, as the module
// CatalogWords has them (Tests/Qt/catalog-words.py: po/ read through msgfmt and gettext), and
// not the English. The language is the system's (Tests/Qt/run runs this suite under LANG=C.UTF-8
// and under each language of po/LINGUAS), and each language of the catalog in turn through
// Qt.uiLanguage, then the system's again when it is emptied. In Arabic and Hebrew the components
// are mirrored, as measured: Cancel at the right of the sheet's header and Done at its left, an
// adapted Popover's Done at the left, an Alert's Cancel at the right of its confirming button;
// a swipe down still closes the sheet, and a popover still points at its anchor. Under
// Russian, Korean and Arabic it makes the pictures of the question in Docs/embedding-qt.md, at
// 390 × 844 and 1280 × 800. The words are compared, not drawn: no font is needed.
import QtQuick
import QtQuick.Controls
import QtTest
import DismissKit
import CatalogWords

Item {
    id: root
    width: 390
    height: 844
    property var order: []

    Sheet {
        id: sheet
        name: "language-sheet"
        cancelButton: true
        doneButton: true
        detents: ["large"]
        onDismissed: (source, resolution) => root.order.push(source)

        // Content without words (the kiosk's own words are not the components'), at the side
        // the system's language starts from.
        Column {
            id: content
            readonly property bool rightToLeft: Qt.locale().textDirection === Qt.RightToLeft
            anchors.fill: parent
            anchors.margins: 16
            spacing: 12
            Repeater {
                model: 8
                Rectangle {
                    width: content.width * (0.5 + 0.06 * index)
                    x: content.rightToLeft ? content.width - width : 0
                    height: 28
                    radius: 6
                    color: "#e5e5ea"
                }
            }
        }
    }

    Rectangle {
        id: anchor
        x: 20
        y: 20
        width: 80
        height: 44
        color: "#d1d1d6"
    }

    Popover {
        id: popover
        name: "language-popover"
        anchorItem: anchor
        implicitWidth: 320
        implicitHeight: 300
    }

    Alert { id: alert }

    IdleQuestion { id: idle }

    TestCase {
        name: "Languages"
        when: windowShown

        // How long a wait may last before the run counts as stuck: each wait ends as soon as
        // what it waits for holds, so a slow machine stays far below it.
        readonly property int stall: 60000
        readonly property var rightToLeft: ["ar", "he"]

        function cleanup() {
            Qt.uiLanguage = ""
            for (const popup of [sheet, popover, alert]) {
                popup.close()
                tryCompare(popup, "visible", false, stall)
            }
            sheet.unsavedChanges = false
        }

        // The catalog's language for a locale's name ("pt_BR", "ru_RU", "C"), or "" for English.
        function catalogLanguage(name) {
            if (Words.languages[name] !== undefined) return name
            const language = name.split(/[_-]/)[0]
            return Words.languages[language] !== undefined ? language : ""
        }

        function useWindow(width, height) {
            const window = root.Window.window
            window.width = width
            window.height = height
            tryVerify(() => root.Overlay.overlay.width === width && root.Overlay.overlay.height === height, stall,
                      "the window is " + width + " × " + height)
        }

        // An item's rectangle in the window's points.
        function drawn(item) { return item.mapToItem(null, 0, 0, item.width, item.height) }

        function visibleChild(parent, name) {
            for (let index = 0; index < parent.children.length; index++) {
                const child = parent.children[index]
                if (child.objectName === name && child.visible) return child
                const found = visibleChild(child, name)
                if (found) return found
            }
            return null
        }

        function waitFor(name) {
            let item = null
            tryVerify(() => (item = visibleChild(root.Overlay.overlay, name)) !== null, stall, name + " is shown")
            return item
        }

        function openSheet() {
            sheet.open()
            verify(sheet.presentation.presented, sheet.presentation.lastError)
            tryVerify(() => sheet.presentation.layout.frame !== undefined
                            && Math.abs(drawn(sheet.background).y - sheet.presentation.layout.frame.y) < 0.5,
                      stall, "the sheet settles")
        }

        function askQuestion() {
            sheet.unsavedChanges = true
            keyClick(Qt.Key_Escape)
            return waitFor("confirmation-keepEditing")
        }

        function answerKeepEditing() {
            mouseClick(waitFor("confirmation-keepEditing"))
            tryCompare(sheet.presentation, "question", [], stall)
            sheet.unsavedChanges = false
        }

        // Each of the components' words is the catalog's in `language` ("" for English); the
        // question's and the countdown's are not the English in another language.
        function compareWords(language) {
            const expected = language === "" ? Words.english : Words.languages[language]
            const what = (language || "English") + ": "
            const word = msgid => expected.words[msgid]
            const translated = (actual, expectedText, english) => {
                compare(actual, expectedText, what + english)
                if (language !== "") verify(actual !== english, what + english + " is not the English: " + actual)
            }

            openSheet()
            compare(findChild(sheet.contentItem.parent, "cancelButton").text, word("Cancel"), what + "Cancel")
            compare(findChild(sheet.contentItem.parent, "doneButton").text, word("Done"), what + "Done")
            const grabber = findChild(sheet.background, "grabber")
            compare(grabber.Accessible.name, word("Resize"), what + "the grabber's name")
            compare(grabber.Accessible.description, word("Tap or drag to change the size."), what + "the grabber's description")
            compare(sheet.background.Accessible.description, word("Swipe down to close."), what + "the sheet's description")
            compare(waitFor("backdrop").Accessible.name, word("Dismiss"), what + "the backdrop's name")

            askQuestion()
            for (const [name, msgid] of [["prompt", "Discard your changes?"], ["discard", "Discard Changes"],
                                         ["save", "Save"], ["keepEditing", "Keep Editing"]])
                translated(waitFor("confirmation-" + name).text, word(msgid), Words.english.words[msgid])
            answerKeepEditing()
            sheet.close()
            tryCompare(sheet, "visible", false, stall)

            // At 390 points wide the popover is a sheet, with Done in its header.
            popover.open()
            tryVerify(() => popover.compact, stall, "the popover is adapted to a sheet")
            compare(visibleChild(popover.contentItem.parent, "doneButton").text, word("Done"), what + "the popover's Done")
            popover.close()

            alert.open()
            compare(waitFor("alert-cancel").text, word("Cancel"), what + "the alert's Cancel")
            compare(waitFor("alert-confirm").text, word("OK"), what + "the alert's OK")
            alert.close()

            compare(idle.title, word("Are you still there?"), what + "the idle question")
            compare(idle.continueText, word("Continue"), what + "Continue")
            for (const count of Words.counts)
                translated(idle.countdownText(count), expected.countdown[count], Words.english.countdown[count])
        }

        // Mirrored in a right-to-left language, measured: the header's Cancel and Done, the
        // adapted popover's Done and the alert's buttons change sides; the sheet's frame does not,
        // a swipe down closes it, and a popover's arrow points at its anchor.
        function compareMirroring(language) {
            const mirrored = rightToLeft.indexOf(language) >= 0
            const what = (language || "English") + (mirrored ? " is mirrored: " : " is not mirrored: ")
            const centre = item => { const r = drawn(item); return r.x + r.width / 2 }

            openSheet()
            const cancel = findChild(sheet.contentItem.parent, "cancelButton"), done = findChild(sheet.contentItem.parent, "doneButton")
            compare(centre(cancel) > centre(done), mirrored, what + "Cancel at " + centre(cancel) + ", Done at " + centre(done))
            compare(drawn(sheet.background).x, sheet.presentation.layout.frame.x, what + "the sheet is where the pipeline has it")
            // Down the middle of its top edge (its grabber), 600 points.
            root.order = []
            const frame = drawn(sheet.background), x = frame.x + frame.width / 2
            const touch = touchEvent(root)
            touch.press(0, root, x, frame.y + 10).commit()
            for (let step = 1; step <= 20; step++) {
                wait(8)
                touch.move(0, root, x, frame.y + 10 + 30 * step).commit()
            }
            verify(drawn(sheet.background).y > frame.y + 300, what + "the sheet follows the finger down to " + drawn(sheet.background).y)
            wait(60)
            touch.release(0, root, x, frame.y + 610).commit()
            tryCompare(sheet, "visible", false, stall)
            compare(root.order, [Pipeline.DismissalSource.GrabberDrag], what + "a swipe down closes the sheet")

            popover.open()
            tryVerify(() => popover.compact, stall, "the popover is adapted to a sheet")
            const popoverDone = visibleChild(popover.contentItem.parent, "doneButton")
            compare(centre(popoverDone) < root.width / 2, mirrored, what + "the popover's Done at " + centre(popoverDone))
            popover.close()

            // In a regular width, a popover: below its anchor, its arrow at the anchor's middle,
            // where the anchor is.
            useWindow(1280, 800)
            popover.open()
            tryVerify(() => popover.presentation.layout.frame !== undefined && !popover.compact, stall, "the popover is laid out")
            const arrow = findChild(popover.background, "popoverArrow")
            verify(Math.abs(centre(arrow) - centre(anchor)) < 0.5, what + "the arrow at " + centre(arrow) + ", the anchor's middle at " + centre(anchor))
            verify(drawn(arrow).y < drawn(popover.background).y && drawn(popover.background).y >= drawn(anchor).y + anchor.height,
                   what + "the popover is below its anchor")
            popover.close()
            tryCompare(popover, "visible", false, stall)
            useWindow(390, 844)

            alert.open()
            const alertCancel = waitFor("alert-cancel"), alertConfirm = waitFor("alert-confirm")
            compare(centre(alertCancel) > centre(alertConfirm), mirrored,
                    what + "the alert's Cancel at " + centre(alertCancel) + ", its OK at " + centre(alertConfirm))
            alert.close()
        }

        // The system's language (LANG), with no Qt.uiLanguage; the pictures under ru, ko and ar.
        function test_systemLanguage() {
            const language = catalogLanguage(Qt.locale().name)
            compareWords(language)
            compareMirroring(language)
            if (["ru", "ko", "ar"].indexOf(language) < 0) return
            for (const window of [{tag: "phone", width: 390, height: 844}, {tag: "landscape", width: 1280, height: 800}]) {
                useWindow(window.width, window.height)
                openSheet()
                askQuestion()
                grabImage(root.Window.contentItem).save("qt-question-" + language + "-" + window.tag + ".png")
                answerKeepEditing()
                sheet.close()
                tryCompare(sheet, "visible", false, stall)
            }
            useWindow(390, 844)
        }

        // Each language of the catalog through Qt.uiLanguage, retranslated as it changes; then
        // the system's language again.
        function test_uiLanguage() {
            for (const language in Words.languages) {
                Qt.uiLanguage = language
                compareWords(language)
                compareMirroring(language)
            }
            Qt.uiLanguage = ""
            compareWords(catalogLanguage(Qt.locale().name))
        }
    }
}
