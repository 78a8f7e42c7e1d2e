#!/usr/bin/env python3
"""`rulezero gui` serves the page's sounds (protocol/gui/web/sounds/, made by
scripts/make-sounds.sh) from the binary with an audio type a browser plays,
and each stays small and short.
Usage: test_sounds.py RULEZERO"""
from guitest import check, finish, http, start_server, stop_server

SOUNDS = ["move", "capture", "lowtime", "gameend"]


def main():
    proc, port = start_server()
    try:
        for name in SOUNDS:
            _, headers, body = http(port, f"/sounds/{name}.wav")
            kind = headers.get("Content-Type", "")
            # A 16-bit mono WAV: bytes 40..43 give the data's length, 24..27 the rate.
            rate = int.from_bytes(body[24:28], "little")
            seconds = int.from_bytes(body[40:44], "little") / (2 * rate) if rate else 99
            for ok, what in ((kind == "audio/wav", f"type {kind!r}"),
                             (body[:4] == b"RIFF" and body[8:12] == b"WAVE", "not a WAV file"),
                             (len(body) < 10_000, f"{len(body)} bytes"),
                             (body[22] == 1 and seconds < 0.3, f"{body[22]} channels, {seconds:.2f} s")):
                check(ok, f"sounds/{name}.wav: {what}")
    finally:
        stop_server(proc)
    finish()


if __name__ == "__main__":
    main()
