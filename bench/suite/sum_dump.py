#!/usr/bin/env python3
"""Sums a PolyBench array dump (stderr of a -DPOLYBENCH_DUMP_ARRAYS build whose
DATA_PRINTF_MODIFIER was made "%a " or "%d ") in print order, in IEEE double, the way the
suite's @checksum functions do; prints the sum's bits as a signed 64-bit integer.

Invariant: tokens are summed left to right starting from 0.0, lines naming a dump are skipped.
"""
import struct
import sys

s = 0.0
for line in sys.stdin:
    if "dump" in line.lower():
        continue
    for tok in line.split():
        s += float.fromhex(tok) if "0x" in tok or "p" in tok else float(int(tok))
print(struct.unpack("<q", struct.pack("<d", s))[0])
