"""png_colours.py PNG -- how many distinct colours an 8-bit RGB or RGBA,
non-interlaced PNG (as Chromium writes it) has, sampling every fourth
pixel of each row: a blank or one-colour screenshot has one or two.
Standard library only (zlib, struct)."""
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n"
pos, idat, width, height, kind = 8, b"", 0, 0, 0
while pos < len(data):
    length, tag = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + length]
    if tag == b"IHDR":
        width, height, depth, kind = struct.unpack(">IIBB", body[:10])
        assert depth == 8 and kind in (2, 6), (depth, kind)
    elif tag == b"IDAT":
        idat += body
    pos += 12 + length
bpp = 3 if kind == 2 else 4
raw, stride, prev, seen, at = zlib.decompress(idat), width * bpp, None, set(), 0
for _ in range(height):
    f, line = raw[at], bytearray(raw[at + 1:at + 1 + stride]); at += 1 + stride
    prev = prev or bytearray(stride)
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b, c = prev[i], prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    for i in range(0, stride, bpp * 4):
        seen.add(bytes(line[i:i + 3]))
    prev = line
print(len(seen))
