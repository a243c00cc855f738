#!/usr/bin/env python3
"""Checks that a PNG has the expected size and is not blank: python3's standard library only.

Usage: png_check.py FILE WIDTH HEIGHT
Decodes the image (8-bit greyscale, RGB, RGBA, grey + alpha; not interlaced, as rsvg-convert and
Chromium write them), then asks for at least 1% of the pixels to differ from the most common colour
and at least 8 colours in all: a blank or single-colour picture fails.
"""
import struct
import sys
import zlib
from collections import Counter

CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}


def decode(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG")
    offset, idat, header = 8, b"", None
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        offset += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in CHANNELS or interlace:
        raise SystemExit(f"{path}: unsupported PNG (depth {depth}, colour type {colour}, interlace {interlace})")
    step = CHANNELS[colour]
    stride = width * step
    raw = zlib.decompress(idat)
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, row = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = row[i - step] if i >= step else 0
            up = previous[i]
            corner = previous[i - step] if i >= step else 0
            if kind == 1:
                row[i] = (row[i] + left) & 0xFF
            elif kind == 2:
                row[i] = (row[i] + up) & 0xFF
            elif kind == 3:
                row[i] = (row[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                predictor = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                row[i] = (row[i] + predictor) & 0xFF
        rows.append(bytes(row))
        previous = row
    return width, height, step, rows


def main():
    path, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    got_width, got_height, step, rows = decode(path)
    if (got_width, got_height) != (width, height):
        raise SystemExit(f"{path}: {got_width} x {got_height} pixels, expected {width} x {height}")
    colours = Counter()
    for row in rows:
        for x in range(0, len(row), step):
            colours[row[x:x + step]] += 1
    total = width * height
    background = colours.most_common(1)[0][1]
    if len(colours) < 8 or total - background < total // 100:
        raise SystemExit(f"{path}: blank: {len(colours)} colours, {total - background} of {total} pixels differ from the background")
    print(f"{path}: {width} x {height}, {len(colours)} colours, {100 * (total - background) // total}% drawn")


if __name__ == "__main__":
    main()
