#!/usr/bin/env python3
"""`rulezero datagen` end to end, read by a reader of its own (apart from the C
one): two games in each of the ten rule sets (header, records, results,
flags, plies, FENs the rules read back), the same seed giving the same bytes,
a run cut inside a record and a run killed both resumed to the uninterrupted
run's bytes, three shards merged to the whole run's bytes, and bad input
refused with exit 2 and a message naming what is wrong; --eval-file (a tiny
network trained here) named in the header, deterministic, other data than the
hand-set evaluation's. Node-limited, a few seconds on a busy machine.

Usage: datagen_test.py RULEZERO"""
import os
import signal
import struct
import subprocess
import sys
import tempfile
import time

VARIANTS = ["normal", "dialectic", "hegelian", "interdependent", "interweave", "nickdanger", "pickle",
            "polypiece", "polypiece-phased", "shifted-square"]
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def run(rz, *args):
    return subprocess.run([rz, "datagen", *args], capture_output=True, text=True, timeout=600)


def read_data(path):
    """(header lines, records): each record (fen, score, result, flags, ply)."""
    data = open(path, "rb").read()
    assert data[:8] == b"RZDATA01", path
    n = struct.unpack_from("<I", data, 8)[0]
    header = data[12:12 + n].decode("utf-8").splitlines()
    records, at = [], 12 + n
    while at < len(data):
        length = struct.unpack_from("<H", data, at)[0]
        fen = data[at + 2:at + 2 + length].decode("utf-8")
        score, result, flags, ply = struct.unpack_from("<hbBH", data, at + 2 + length)
        records.append((fen, score, result, flags, ply))
        at += 2 + length + 6
    assert at == len(data), "%s: a record runs past the end" % path
    return header, records


def read_index(path):
    """(conditions, games): games as (index, records, end)."""
    conditions, games = {}, []
    for line in open(path, encoding="utf-8"):
        if line.startswith("#"):
            continue
        key, value = line.rstrip("\n").split(": ", 1)
        if key == "game":
            games.append(tuple(int(x) for x in value.split()))
        else:
            conditions[key] = value
    return conditions, games


def both(path):
    return open(path, "rb").read(), open(path + ".games", "rb").read()


def every_variant(rz, tmp):
    captures = 0
    for v in VARIANTS:
        out = os.path.join(tmp, v + ".bin")
        p = run(rz, "--variant", v, "--games", "2", "--nodes", "150", "--seed", "5", "--max-plies", "60",
                "--out", out)
        check(p.returncode == 0, "%s: exit %d: %s" % (v, p.returncode, p.stderr))
        if p.returncode:
            continue
        header, records = read_data(out)
        conditions, games = read_index(out + ".games")
        check(header[0] == "variant " + v and header[-1] == "seed 5", "%s: header %r" % (v, header))
        check(any(h.startswith("command rulezero datagen --variant %s --games 2 --nodes 150" % v) for h in header),
              "%s: no command in the header %r" % (v, header))
        check(conditions.get("limit") == "nodes 150" and len(games) == 2, "%s: index %r %r" % (v, conditions, games))
        check(sum(g[1] for g in games) == len(records) and games[-1][2] == os.path.getsize(out),
              "%s: the index's counts and ends do not match the data" % v)
        check(len(records) > 0, "%s: no positions" % v)
        at = 0
        for index, count, end in games:
            game = records[at:at + count]
            at += count
            for a, b in zip(game, game[1:]):
                check(b[4] == a[4] + 1, "%s game %d: plies %d then %d" % (v, index, a[4], b[4]))
                check(b[2] == -a[2], "%s game %d: results %d then %d at the next turn" % (v, index, a[2], b[2]))
            check(not game or game[0][4] == 8, "%s game %d: first ply %d (after 8 random)" % (v, index, game[0][4]))
        for fen, score, result, flags, ply in records:
            check(-32000 <= score <= 32000 and result in (-1, 0, 1) and flags < 8 and not flags & 4,
                  "%s: a record out of range: %r" % (v, (fen, score, result, flags, ply)))
            captures += flags & 2
        for fen in (records[0][0], records[-1][0]):
            m = subprocess.run([rz, "moves", "--variant", v, "--fen", fen], capture_output=True, text=True)
            check(m.returncode == 0, "%s: the rules do not read %r: %s" % (v, fen, m.stderr))
    check(captures > 0, "no best move was a capture in twenty games")


def same_seed_same_bytes(rz, tmp):
    outs = [os.path.join(tmp, "same%d.bin" % i) for i in range(2)]
    for out in outs:
        run(rz, "--variant", "normal", "--games", "3", "--nodes", "200", "--seed", "9", "--out", out)
    check(both(outs[0]) == both(outs[1]), "the same command gave different bytes")
    deep = [os.path.join(tmp, "deep%d.bin" % i) for i in range(2)]
    for out in deep:
        run(rz, "--variant", "pickle", "--games", "2", "--depth", "2", "--seed", "4", "--out", out)
    check(both(deep[0]) == both(deep[1]) and b"limit: depth 2" in both(deep[0])[1],
          "the same depth-limited command gave different bytes")
    other = os.path.join(tmp, "other.bin")
    run(rz, "--variant", "normal", "--games", "3", "--nodes", "200", "--seed", "10", "--out", other)
    check(both(other)[0] != both(outs[0])[0], "another seed gave the same games")


WHOLE = ["--variant", "normal", "--games", "5", "--nodes", "300", "--seed", "2"]


def resumed(rz, tmp):
    whole = os.path.join(tmp, "whole.bin")
    p = run(rz, *WHOLE, "--out", whole)
    check(p.returncode == 0, "whole run: %s" % p.stderr)
    _, games = read_index(whole + ".games")
    # Cut as a kill may: inside game 3's records, and inside game 3's index line.
    cut = os.path.join(tmp, "cut.bin")
    data, index = both(whole)
    lines = index.decode().splitlines(keepends=True)
    open(cut, "wb").write(data[:games[2][2] + 7])
    open(cut + ".games", "w").write("".join(lines[:-2]) + lines[-2][:9])
    p = run(rz, *WHOLE, "--out", cut)
    check(p.returncode == 0 and both(cut) == both(whole), "a cut run resumed differs from the whole: %s" % p.stderr)
    p = run(rz, *WHOLE, "--out", cut)
    check(p.returncode == 0 and both(cut) == both(whole), "a finished run run again changed: %s" % p.stderr)
    # A real kill, once the first game is written (or after the end, if the run is faster).
    killed = os.path.join(tmp, "killed.bin")
    proc = subprocess.Popen([rz, "datagen", *WHOLE, "--out", killed], stderr=subprocess.DEVNULL)
    deadline = time.time() + 300
    while proc.poll() is None and time.time() < deadline:
        if os.path.exists(killed + ".games") and "game: 0" in open(killed + ".games").read():
            proc.send_signal(signal.SIGKILL)
            break
        time.sleep(0.01)
    proc.wait()
    p = run(rz, *WHOLE, "--out", killed)
    check(p.returncode == 0 and both(killed) == both(whole), "a killed run resumed differs: %s" % p.stderr)


def sharded(rz, tmp):
    whole = os.path.join(tmp, "whole.bin")
    shards = [os.path.join(tmp, "shard%d.bin" % i) for i in (1, 2, 3)]
    for i, out in enumerate(shards, 1):
        p = run(rz, *WHOLE, "--shard", "%d/3" % i, "--out", out)
        check(p.returncode == 0, "shard %d: %s" % (i, p.stderr))
    check([g[0] for g in read_index(shards[0] + ".games")[1]] == [0, 3], "shard 1/3 plays games 0 and 3")
    merged = os.path.join(tmp, "merged.bin")
    p = run(rz, "--merge", merged, shards[2], shards[0], shards[1])
    check(p.returncode == 0 and both(merged) == both(whole), "the merged shards differ from the whole: %s" % p.stderr)
    p = run(rz, "--merge", os.path.join(tmp, "part.bin"), shards[0], shards[1])
    check(p.returncode == 2 and "2 of 3 shards" in p.stderr, "a missing shard: %d %s" % (p.returncode, p.stderr))


def refused(rz, tmp):
    out = os.path.join(tmp, "bad.bin")
    base = ["--variant", "normal", "--games", "2", "--seed", "1", "--out", out]
    cases = [
        (["--variant", "normal", "--games", "2", "--nodes", "9", "--out", out], "--seed is required"),
        (base + ["--nodes", "9", "--depth", "2"], "give one of --nodes and --depth"),
        (base, "give one of --nodes and --depth"),
        (["--variant", "nosuch", "--games", "2", "--nodes", "9", "--seed", "1", "--out", out],
         "unknown variant 'nosuch'"),
        (base + ["--nodes", "9", "--option", "Links=4"], "normal has no option 'Links'"),
        (["--variant", "nickdanger", "--games", "1", "--nodes", "9", "--seed", "1", "--option", "Links=99",
          "--out", out], "Links"),
        (base + ["--nodes", "9", "--shard", "4/3"], "bad shard '4/3'"),
        (base + ["--nodes", "9", "--games", "0"], "bad game count '0'"),
        (base + ["--nodes", "9", "--shard", "3/3"], "this shard has no games"),
        (["--merge", out], "--merge OUT needs the shards' files"),
    ]
    for args, message in cases:
        p = run(rz, *args)
        check(p.returncode == 2 and message in p.stderr, "%r: exit %d, %r" % (args, p.returncode, p.stderr))
    check(not os.path.exists(out), "a refused command wrote its output")
    # A resume under other conditions names each difference.
    whole = os.path.join(tmp, "whole.bin")
    before = both(whole)
    p = run(rz, "--variant", "normal", "--games", "6", "--nodes", "400", "--seed", "2", "--out", whole)
    check(p.returncode == 2 and "games 5 in" in p.stderr and "6 in this command" in p.stderr and
          "limit nodes 300 in" in p.stderr and "nodes 400 in this command" in p.stderr,
          "a resume under other conditions: %d %r" % (p.returncode, p.stderr))
    check(both(whole) == before, "a refused resume changed the files")
    stray = os.path.join(tmp, "stray.bin")
    open(stray, "wb").write(b"not data")
    p = run(rz, *WHOLE, "--out", stray)
    check(p.returncode == 2 and "exists without" in p.stderr, "a file without .games: %r" % p.stderr)
    other = os.path.join(tmp, "otherseed.bin")
    run(rz, "--variant", "normal", "--games", "5", "--nodes", "300", "--seed", "3", "--shard", "2/3", "--out", other)
    p = run(rz, "--merge", os.path.join(tmp, "m.bin"), os.path.join(tmp, "shard1.bin"), other,
            os.path.join(tmp, "shard3.bin"))
    check(p.returncode == 2 and "seed 3 in" in p.stderr, "shards of two runs merged: %r" % p.stderr)


def with_network(rz, tmp):
    """--eval-file: the searches evaluate with a network (a tiny one trained
    here): other records than the hand-set evaluation's for the same seed, the
    same bytes twice, the network named in the header and the .games, a resume
    without it refused, shards merged to the whole, a wrong network refused."""
    data, net = os.path.join(tmp, "fornet.bin"), os.path.join(tmp, "n.nnue")
    run(rz, "--variant", "normal", "--games", "2", "--nodes", "200", "--seed", "7", "--out", data)
    p = subprocess.run([rz, "train", "--variant", "normal", "--data", data, "--out", net, "--epochs", "1",
                        "--hidden", "16", "--threads", "1"], capture_output=True, text=True, timeout=600)
    check(p.returncode == 0, "train for --eval-file: %r" % p.stderr)
    if p.returncode:
        return
    args = ["--variant", "normal", "--games", "3", "--nodes", "300", "--seed", "9", "--max-plies", "80"]
    classic, a, b = (os.path.join(tmp, x) for x in ("classic9.bin", "net9a.bin", "net9b.bin"))
    run(rz, *args, "--out", classic)
    for out in (a, b):
        p = run(rz, *args, "--eval-file", net, "--out", out)
        check(p.returncode == 0, "datagen --eval-file: exit %d: %r" % (p.returncode, p.stderr))
    check(both(a) == both(b), "datagen --eval-file twice: other bytes")
    header_c, records_c = read_data(classic)
    header_a, records_a = read_data(a)
    check(records_a and [r[1] for r in records_a] != [r[1] for r in records_c],
          "the network's scores are the hand-set evaluation's")
    checksum = "%08x" % struct.unpack("<I", open(net, "rb").read()[-4:])[0]
    named = "network checksum %s %s" % (checksum, net)
    check("eval " + named in header_a and header_a[-1] == "seed 9", "header without the network: %r" % header_a)
    check(any(h.startswith("command ") and h.endswith(" --eval-file " + net) for h in header_a),
          "command without --eval-file: %r" % header_a)
    check(not any(h.startswith("eval ") for h in header_c), "classic data names a network: %r" % header_c)
    check(read_index(a + ".games")[0].get("eval") == named, "the .games does not name the network")
    p = run(rz, *args, "--out", a)
    check(p.returncode == 2 and "eval " + named in p.stderr, "resume without the network: %r" % p.stderr)
    shards = [os.path.join(tmp, "net9s%d.bin" % i) for i in (1, 2)]
    for i, out in enumerate(shards):
        run(rz, *args, "--eval-file", net, "--shard", "%d/2" % (i + 1), "--out", out)
    merged = os.path.join(tmp, "net9m.bin")
    p = run(rz, "--merge", merged, *shards)
    check(p.returncode == 0 and both(merged) == both(a), "shards with a network merged: %r" % p.stderr)
    p = run(rz, "--variant", "pickle", "--games", "1", "--nodes", "100", "--seed", "1", "--eval-file", net,
            "--out", os.path.join(tmp, "pickle9.bin"))
    check(p.returncode == 2 and "is for normal, not pickle" in p.stderr, "a network of another game: %r" % p.stderr)
    p = run(rz, *args, "--eval-file", data, "--out", os.path.join(tmp, "bad9.bin"))
    check(p.returncode == 1 and not os.path.exists(os.path.join(tmp, "bad9.bin")),
          "data as a network: %d %r" % (p.returncode, p.stderr))


def main():
    rz = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as tmp:
        every_variant(rz, tmp)
        same_seed_same_bytes(rz, tmp)
        resumed(rz, tmp)
        sharded(rz, tmp)
        refused(rz, tmp)
        with_network(rz, tmp)
    for f in failures:
        print("FAIL:", f)
    print("datagen: %d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
