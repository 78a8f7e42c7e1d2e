#!/usr/bin/env python3
"""`rulezero gui` serves the page's sounds (protocol/gui/web/sounds/, made by
scripts/make-sounds.sh) from the binary with an audio type a browser plays,
and each stays small and short.
Usage: test_sounds.py RULEZERO"""
import subprocess
import sys
import urllib.request

SOUNDS = ["move", "capture", "lowtime", "gameend"]


def main():
    proc = subprocess.Popen([sys.argv[1], "gui", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    failures = []
    try:
        base = proc.stdout.readline().strip().rstrip("/")
        for name in SOUNDS:
            with urllib.request.urlopen(f"{base}/sounds/{name}.wav", timeout=30) as r:
                kind, body = r.headers.get("Content-Type", ""), r.read()
            # A 16-bit mono WAV: bytes 40..43 give the data's length, 24..27 the rate.
            rate = int.from_bytes(body[24:28], "little")
            seconds = int.from_bytes(body[40:44], "little") / (2 * rate) if rate else 99
            for ok, what in ((kind == "audio/wav", f"type {kind!r}"),
                             (body[:4] == b"RIFF" and body[8:12] == b"WAVE", "not a WAV file"),
                             (len(body) < 10_000, f"{len(body)} bytes"),
                             (body[22] == 1 and seconds < 0.3, f"{body[22]} channels, {seconds:.2f} s")):
                if not ok:
                    failures.append(f"sounds/{name}.wav: {what}")
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    for f in failures:
        print("FAIL:", f)
    print("ok" if not failures else f"{len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
