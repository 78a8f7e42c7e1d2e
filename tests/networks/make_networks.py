#!/usr/bin/env python3
"""Writes the test networks of tests/networks/ (the built-in networks of the
test build, tests/CMakeLists.txt: rulezero_testnet): small residual networks
(2 x 16, input layout 1) with fixed pseudo-random weights, in the file format
of docs/networks.md ("The file"). Deterministic: running it again writes the
same bytes. Usage: tests/networks/make_networks.py [FOLDER]"""
import os
import struct
import sys

HIDDEN = 16


def fnv1a(data):
    h = 2166136261
    for b in data:
        h = ((h ^ b) * 16777619) & 0xFFFFFFFF
    return h


def weights(seed, count, low, high):
    """count integers in low..high from a linear congruential generator."""
    x = seed
    out = []
    for _ in range(count):
        x = (x * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        out.append(low + (x >> 33) % (high - low + 1))
    return out


def network(game, inputs, seed):
    text = ("a test network: fixed pseudo-random weights (tests/networks/make_networks.py, seed %d)" % seed).encode()
    head = b"RZNNUE01" + struct.pack("<I", 2) + game.encode().ljust(32, b"\0")
    head += struct.pack("<8I", 1, inputs, HIDDEN, 255, 64, 400, 1, len(text)) + text
    body = weights(seed, inputs * HIDDEN, -40, 40) + weights(seed + 1, HIDDEN, 0, 60) + \
        weights(seed + 2, 2 * HIDDEN, -4, 4)
    data = head + struct.pack("<%dh" % len(body), *body) + struct.pack("<i", 0)
    return data + struct.pack("<I", fnv1a(data))


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    # Orthodox chess and Pickle: 2 colours x 6 types x 64 squares.
    for game, inputs, seed in (("normal", 768, 1), ("pickle", 768, 2)):
        with open(os.path.join(folder, game + ".nnue"), "wb") as f:
            f.write(network(game, inputs, seed))
    # Pickle's network, as if trained with the Link on d4 (the default is e4=x5).
    with open(os.path.join(folder, "pickle.settings"), "w") as f:
        f.write("Link=d4=x5\n")


if __name__ == "__main__":
    main()
