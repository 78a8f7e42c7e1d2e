#!/usr/bin/env python3
"""Files and text of `rulezero gui` with seats (issue 42, item 5;
docs/security.md): the database and its -wal and -shm are its owner's
only (0600) whatever they were; an empty file is refused unless this start
made it; an error message quotes at most a short escaped prefix of what was
sent and is always UTF-8; a text message that is not UTF-8 closes the
WebSocket with 1007 (RFC 6455); a link's key of the wrong length is 403.
Usage: test_files_text.py RULEZERO"""
import json
import os
import shutil
import stat
import struct
import subprocess
import tempfile

from guitest import RZ, check, finish, http, start_server, stop_server
from wsclient import WebSocket

TMP = tempfile.mkdtemp(prefix="rz-files-text-")


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def stopped(proc, what):
    code, err = stop_server(proc)
    check(code == 0, f"{what}: the server stops cleanly ({code}): {err[-500:]}")


def close_code(ws):
    """Reads frames until the server's close frame: its status code (None: closed without one)."""
    try:
        while True:
            b0, b1 = ws._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", ws._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", ws._read(8))[0]
            payload = ws._read(n)
            if b0 & 0x0F == 8:
                return struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else None
    except (EOFError, OSError):
        return None


def files():
    """0600 whatever the modes were; an empty file refused, a new one made."""
    db = os.path.join(TMP, "games.sqlite")
    proc, port = start_server("--db", db)
    check(mode(db) == 0o600, f"a new database is 0600 ({mode(db):o})")
    ws = WebSocket("127.0.0.1", port)
    ws.send({"type": "create_game", "variant": "normal"})
    made = ws.recv_type("created")
    ws.close()
    stopped(proc, "a new database")
    os.chmod(db, 0o644)
    for side in ("-wal", "-shm"):  # left behind by another program, readable by all
        with open(db + side, "wb"):
            pass
        os.chmod(db + side, 0o644)
    proc, port = start_server("--db", db)
    for side in ("", "-wal", "-shm"):
        check(mode(db + side) == 0o600, f"the database{side} is 0600 once served ({mode(db + side):o})")
    state = json.loads(http(port, f"/api/state?game={made['game']}")[2])
    check(state["variant"] == "normal", "and its game is served")
    stopped(proc, "a database that was 0644")
    empty = os.path.join(TMP, "empty.sqlite")
    open(empty, "wb").close()
    proc = subprocess.Popen([RZ, "gui", "--port", "0", "--db", empty], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    if not check(proc.stdout.readline() == "", "an empty file: the server does not start"):
        proc.kill()
    _, err = proc.communicate()
    check(proc.returncode == 1 and "empty" in err, f"an empty file is refused: {proc.returncode} {err!r}")
    check(os.path.getsize(empty) == 0, "and left as it was")
    folder = os.path.join(TMP, "folder")
    os.mkdir(folder, 0o755)
    r = subprocess.run([RZ, "gui", "--port", "0", "--db", folder], capture_output=True, text=True, timeout=30)
    check(r.returncode == 1 and mode(folder) == 0o755, f"a folder is refused, its mode kept: {r.stderr!r}")


def keys(port, game):
    """A key of the wrong length is 403, as a wrong key is (it was the game's page)."""
    for key in ("", "a" * 31, "a" * 33, "0" * 200, "%ff" * 16):
        status = http(port, f"/?game={game}&key={key}")[0]
        check(status == 403, f"key={key[:40]!r}: {status}, want 403")


def text(port, game):
    """Errors quote a short escaped prefix of what was sent, in UTF-8; text frames must be UTF-8."""
    ws = WebSocket("127.0.0.1", port, path=f"/ws?game={game}")
    long_text = "é" * 100 + '"\\' + "x" * 300
    ws.send({"type": long_text})
    m = ws.recv_type("error")
    check(len(m["message"]) <= 200, f"an error quotes a short prefix ({len(m['message'])} characters)")
    check("x" * 40 not in m["message"] and m["message"].endswith("..."), f"cut with '...': {m['message'][:120]!r}")
    check("é" not in m["message"] and "\\xc3\\xa9" in m["message"], f"escaped: {m['message'][:80]!r}")
    # A binary message is not checked for UTF-8: its bytes are quoted escaped, the answer is UTF-8.
    for raw, what in ((b'{"type":"turn","text":"\xff\xfe e2e4"}', "a turn"),
                      (b'{"type":"\xc0\xaf"}', "a type"),
                      (b'{"type":"view","ply":"\xed\xa0\x80"}', "a ply")):
        ws.send_raw(raw, opcode=2)
        try:
            m = ws.recv_type("error")
            check("\ufffd" not in m["message"], f"{what} of invalid UTF-8: {m['message']!r}")
        except UnicodeDecodeError as e:
            check(False, f"{what} of invalid UTF-8: the error is not UTF-8 ({e})")
    ws.close()
    cases = [([b'{"type":"turn","text":"\xff"}'], "a byte that begins nothing"),
             ([b'{"type":"turn","text":"\xc0\xaf"}'], "an overlong form"),
             ([b'{"type":"turn","text":"\xed\xa0\x80"}'], "a surrogate"),
             ([b'{"type":"turn","text":"\xe2\x82'], "a character cut short at the end"),
             ([b'{"type":"turn","text":"\xe2', b'\x82\xac"}', b'\xf4\x90\x80\x80'], "above U+10FFFF, in frames")]
    for parts, what in cases:
        ws = WebSocket("127.0.0.1", port, path=f"/ws?game={game}")
        ws.send_fragments(parts)
        check(close_code(ws) == 1007, f"{what} in a text message: closed with 1007")
        ws.sock.close()
    ws = WebSocket("127.0.0.1", port, path=f"/ws?game={game}")
    ws.send_fragments([b'{"type":"\xe2', b'\x82\xac"}'])  # a character split between frames is whole
    m = ws.recv_type("error")
    check(m["message"].startswith("unknown command") and "\\xe2\\x82\\xac" in m["message"],
          f"valid UTF-8 split between frames is read: {m['message']!r}")
    ws.close()


def long_echoes():
    """A rule's error that quotes what was sent (a FEN's field, a setting) is cut short too (one-person server)."""
    proc, port = start_server()
    ws = WebSocket("127.0.0.1", port)
    sent = [{"type": "load_fen", "fen": "8/8/8/8/8/8/8/K6k " + "w" * 300},
            {"type": "load_fen", "fen": "8/8/8/8/8/8/8/K6k w - - 0 1 " + "é" * 300},
            {"type": "new_game", "variant": "normal", "white": "human", "black": "human", "options": {"x" * 300: 1}},
            {"type": "new_game", "variant": "polypiece", "white": "human", "black": "human",
             "options": {"Powers": "K:" + "W" * 300}}]
    for msg in sent:
        what = json.dumps(msg)[:60]
        ws.send(msg)
        try:
            m = ws.recv_type("error")
        except UnicodeDecodeError as e:
            check(False, f"{what}: the error is not UTF-8 ({e})")
            continue
        check(len(m["message"]) <= 200, f"{what}: a short error ({len(m['message'])}): {m['message'][:80]}")
    ws.close()
    stopped(proc, "the one-person server")


def main():
    try:
        long_echoes()
        files()
        proc, port = start_server("--db", os.path.join(TMP, "text.sqlite"))
        ws = WebSocket("127.0.0.1", port)
        ws.send({"type": "create_game", "variant": "normal"})
        game = ws.recv_type("created")["game"]
        ws.close()
        keys(port, game)
        text(port, game)
        stopped(proc, "the server")
    finally:
        shutil.rmtree(TMP, ignore_errors=True)
    finish()


if __name__ == "__main__":
    main()
