"""Parses every line of a session file from Python, the anchor of `gesturectl replay` on
sessions: with pysimdjson (PyPI: pysimdjson) when it is installed, else with Python's `json`.
Prints the parser and the number of lines."""
import sys

try:
    import simdjson

    parser_name = "pysimdjson"
    parse = simdjson.Parser().parse
except ImportError:
    import json

    parser_name = "json"
    parse = json.loads

count = 0
with open(sys.argv[1], "rb") as session:
    for line in session:
        parse(line)
        count += 1
print(parser_name, count)
