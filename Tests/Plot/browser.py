"""Headless Chromium driven through its DevTools protocol over a pipe (--remote-debugging-pipe):
real key presses and wheel turns go through the browser's own input handling, scripts run in
the page, and console messages and uncaught errors are collected.

Nothing here waits a fixed time: `wait` polls a condition in the page for as long as the page
keeps changing (its state, its element count, its body's data attributes), and gives up only when
an uncaught exception is thrown or nothing in the page has changed for STALL seconds: a hung page,
not a slow machine, since a slow page still moves.
"""
import fcntl
import json
import os
import subprocess
import time

STALL = 120.0

# What the page shows of its progress: a slow page changes it, a hung one does not.
PAGE_STATE = ("[document.readyState, document.getElementsByTagName('*').length, "
              "document.body ? JSON.stringify(document.body.dataset) : '']")


class BrowserError(Exception):
    pass


class Browser:
    """One Chromium and one page of it."""

    def __init__(self, profile, width=1040, height=1400):
        # The browser reads commands on its fd 3 and writes answers on its fd 4; the child's ends
        # are first moved above 10, so that moving them to 3 and 4 cannot overwrite one another.
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()
        high = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in (to_browser_read, from_browser_write)]
        os.close(to_browser_read)
        os.close(from_browser_write)
        self._process = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--remote-debugging-pipe",
             f"--user-data-dir={profile}", f"--window-size={width},{height}", "about:blank"],
            pass_fds=(3, 4), preexec_fn=lambda: (os.dup2(high[0], 3), os.dup2(high[1], 4)),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for fd in high:
            os.close(fd)
        self._buffer = b""
        self._next_id = 0
        self.console = []  # console errors and uncaught exceptions, as text
        self._exceptions = []  # uncaught exceptions alone, as text
        targets = self._call("Target.getTargets")["targetInfos"]
        page = next(target for target in targets if target["type"] == "page")
        self._session = self._call("Target.attachToTarget", targetId=page["targetId"], flatten=True)["sessionId"]
        self.call("Runtime.enable")
        self.call("Page.enable")

    def close(self):
        try:
            self._call("Browser.close")
        except BrowserError:
            pass
        os.close(self._to_browser)
        os.close(self._from_browser)
        self._process.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.close()

    def _send(self, message):
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")

    def _receive(self):
        while b"\0" not in self._buffer:
            chunk = os.read(self._from_browser, 1 << 20)
            if not chunk:
                raise BrowserError("Chromium closed its pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        message = json.loads(message)
        self._note(message)
        return message

    def _note(self, message):
        method, params = message.get("method"), message.get("params", {})
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert", "warning"):
            self.console.append(" ".join(str(arg.get("value", arg.get("description", ""))) for arg in params.get("args", [])))
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            text = details.get("exception", {}).get("description") or details.get("text", "an exception")
            self.console.append(text)
            self._exceptions.append(text)

    def _call(self, method, session=None, **params):
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        self._send(message)
        while True:
            answer = self._receive()
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise BrowserError(f"{method}: {answer['error'].get('message')}")
                return answer.get("result", {})

    def call(self, method, **params):
        """A protocol command to the page."""
        return self._call(method, session=self._session, **params)

    def evaluate(self, expression):
        """The value of a JavaScript expression in the page (awaited when a promise)."""
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression}: {result['exceptionDetails'].get('exception', {}).get('description')}")
        return result["result"].get("value")

    def wait(self, expression, what):
        """Polls `expression` until it is true; fails on an uncaught exception in the page, or
        when the page has not changed for STALL seconds."""
        exceptions = len(self._exceptions)
        state, changed = None, time.monotonic()
        while True:
            done, now_state = self.evaluate(f"[Boolean({expression}), {PAGE_STATE}]")
            if done:
                return
            if len(self._exceptions) > exceptions:
                raise BrowserError(f"the page threw while waiting for {what}: {self._exceptions[-1]}")
            if now_state != state:
                state, changed = now_state, time.monotonic()
            elif time.monotonic() - changed > STALL:
                raise BrowserError(f"gave up waiting for {what} ({expression}): "
                                   f"the page did not change for {STALL:.0f} s")
            time.sleep(0.05)

    def open(self, url):
        """Loads a page and waits until its script has drawn it (body's data-time is set)."""
        self.call("Page.navigate", url=url)
        self.wait("document.readyState === 'complete' && document.body && 'time' in document.body.dataset", f"{url} to load")

    def key(self, key, code=None, key_code=0, modifiers=0):
        """Presses and releases a key, as a keyboard would."""
        text = key if len(key) == 1 else ""
        common = {"key": key, "code": code or key, "windowsVirtualKeyCode": key_code, "modifiers": modifiers}
        self.call("Input.dispatchKeyEvent", type="keyDown" if text else "rawKeyDown", text=text, **common)
        self.call("Input.dispatchKeyEvent", type="keyUp", **common)

    def wheel(self, x, y, delta_y, delta_x=0, modifiers=0):
        """Turns the mouse wheel at (x, y) of the window (ctrl held: how a touchpad's pinch arrives)."""
        self.call("Input.dispatchMouseEvent", type="mouseWheel", x=x, y=y, deltaX=delta_x, deltaY=delta_y, modifiers=modifiers)

    def click(self, x, y):
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)


# The modifier bit of ctrl, for wheel(): a touchpad pinch arrives as ctrl and the wheel.
CTRL = 2
