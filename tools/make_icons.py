"""Draw Luckdial's PNG icons (a five on an amber die, navy ground) with the standard library only.

The same drawing as web/icons/icon.svg, rasterised with 4x4 supersampling, so
the committed PNGs can be made again: python3 tools/make_icons.py web/icons
"""
import struct
import sys
import zlib

NAVY, AMBER = (0x1c, 0x25, 0x41), (0xf2, 0xb1, 0x34)

def rounded(x, y, x0, y0, x1, y1, r):
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return False
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r

def colour(u, v):
    # u, v in 0..64 (the SVG's coordinates); full-bleed navy so the icon is maskable
    pips = [(23, 23), (41, 23), (32, 32), (23, 41), (41, 41)]
    if rounded(u, v, 14, 14, 50, 50, 8):
        return NAVY if any((u - a) ** 2 + (v - b) ** 2 <= 16 for a, b in pips) else AMBER
    return NAVY

def png(size, path, ss=4):
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            acc = [0, 0, 0]
            for j in range(ss):
                for i in range(ss):
                    c = colour((x + (i + .5) / ss) * 64 / size, (y + (j + .5) / ss) * 64 / size)
                    for channel in range(3):
                        acc[channel] += c[channel]
            row += bytes(round(a / ss / ss) for a in acc)
        rows.append(bytes(row))
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")
    open(path, "wb").write(data)

for size in (192, 512):
    png(size, f"{sys.argv[1]}/icon-{size}.png")
