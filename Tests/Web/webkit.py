"""Runs the page layer in WPE WebKit, Debian's Cog browser on its headless platform: the engine
of a Cog kiosk, which has neither the Popover API nor `touch-action: pan-down` nor coalesced
pointer events. Tests/Web/webkit-check.html loads the installed module and layer, reports which
keyboard APIs the engine has (the visual viewport, no VirtualKeyboard API), presents a sheet and
a popover, answers the question with the page's own button and taps outside the popover
with a constructed pointer event (Cog has no protocol for real input here), and reports each step
to this server. Nothing waits a fixed time: the run fails when the page reports nothing new for
STALL seconds.

Usage: webkit.py PREFIX
"""
import http.server
import json
import os
import queue
import subprocess
import sys
import threading
import urllib.parse

STALL = 120.0
HERE = os.path.dirname(os.path.abspath(__file__))


def serve(root, reports):
    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=root, **kwargs)

        def do_GET(self):
            url = urllib.parse.urlsplit(self.path)
            if url.path == "/report":
                query = urllib.parse.parse_qs(url.query)
                reports.put((query["step"][0], json.loads(query["value"][0])))
                self.send_response(204)
                self.end_headers()
            elif url.path == "/webkit-check.html":
                with open(os.path.join(HERE, "webkit-check.html"), "rb") as page:
                    body = page.read()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            else:
                super().do_GET()

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    return server


def main():
    if len(sys.argv) != 2:
        sys.exit("Usage: webkit.py PREFIX")
    root = os.path.join(os.path.realpath(sys.argv[1]), "share", "dismisskit", "web")
    reports = queue.Queue()
    server = serve(root, reports)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    cog = subprocess.Popen(["cog", "--platform=headless", f"http://127.0.0.1:{server.server_port}/webkit-check.html"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    steps = {}
    try:
        while "done" not in steps:
            try:
                step, value = reports.get(timeout=STALL)
            except queue.Empty:
                sys.exit(f"Tests/Web webkit: the page reported nothing for {STALL:.0f} s after {list(steps)}; "
                         f"cog said: {cog.stderr.read() if cog.poll() is not None else '(still running)'}")
            steps[step] = value
    finally:
        cog.terminate()
        cog.wait()
        server.shutdown()
    failures = []
    if "error" in steps:
        failures.append(f"the page threw: {steps['error']}")
    sheet, question, discarded = steps.get("sheet", {}), steps.get("question", {}), steps.get("discarded", {})
    if sheet != {"open": True, "top": 40}:
        failures.append(f"the sheet: {sheet}, not open at its large detent's top (40)")
    if not (question.get("asked") and question.get("discard") == "Discard Changes" and question.get("height", 0) >= 44):
        failures.append(f"the question: {question}, not asked with a Discard Changes button at least 44 pt tall")
    if discarded.get("open") is not False or discarded.get("intents", [])[-1:] != ["dismiss"]:
        failures.append(f"Discard: {discarded}, not dismissed with the question closed")
    if steps.get("closed") is not False:
        failures.append("the sheet is still open after Discard")
    if steps.get("keyboard") != {"virtualKeyboard": False, "visualViewport": True}:
        failures.append(f"the keyboard's APIs: {steps.get('keyboard')}, not the visual viewport alone (Docs/embedding-web.md)")
    if steps.get("popover") != {"shown": True, "intents": ["save", "dismiss"], "hidden": True}:
        failures.append(f"the popover: {steps.get('popover')}, not shown, then saved, dismissed and hidden by the tap outside")
    for failure in failures:
        print(f"FAILED: {failure}")
    print(f"Tests/Web webkit: the page layer in WPE WebKit (Cog), module {steps.get('version')}: "
          f"{'passed' if not failures else 'failed'} ({len(steps)} steps, a {steps.get('session')}-line session)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
