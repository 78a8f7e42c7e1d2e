#!/usr/bin/env python3
"""`rulezero gui --export-rules DIR` (issue 29: the browser build has no server
to render the rules): every rules page the server serves at /rules/NAME.html
is DIR/NAME.html byte for byte, with the stylesheet they link (rules.css)
beside them, served beside them too (/rules/rules.css); their links are
relative, so the folder works opened from disk; a DIR that cannot be written
is an error with a message.
Usage: test_export_rules.py RULEZERO"""
import os
import re
import subprocess
import tempfile

from guitest import RZ, check, connect, finish, http, start_server, stop_server


def export(path):
    return subprocess.run([RZ, "gui", "--export-rules", path], capture_output=True, text=True, timeout=60)


def served_names(port):
    """Every rules page the server links: each variant's, README's, and what they link in turn."""
    ws, setup, _ = connect(port)
    ws.close()
    todo = {v["rules_doc"] for v in setup["variants"] if v.get("rules_doc")} | {"README"}
    seen = set()
    while todo:
        name = todo.pop()
        seen.add(name)
        status, _, body = http(port, f"/rules/{name}.html")
        check(status == 200, f"/rules/{name}.html answers {status}")
        todo |= set(re.findall(r'href="([A-Za-z0-9_-]+)\.html', body.decode())) - seen
    return seen


def check_links(folder, name):
    """Every link of an exported page is relative and leads to a file of the folder (or to the game's page one up)."""
    html = open(os.path.join(folder, name), encoding="utf-8").read()
    for url in re.findall(r'(?:href|src)="([^"]*)"', html):
        if re.match(r"[a-z][a-z0-9+.-]*:", url) or url.startswith("#"):
            continue
        check(not url.startswith("/"), f"{name}: the link {url} is absolute: it breaks opened from disk")
        target = url.split("#")[0]
        if target != "../index.html":
            check(os.path.isfile(os.path.join(folder, target)), f"{name}: the link {url} leads to no exported file")


def main():
    proc, port = start_server()
    try:
        names = served_names(port)
        with tempfile.TemporaryDirectory() as tmp:
            folder = os.path.join(tmp, "rules")
            run = export(folder)
            check(run.returncode == 0 and not run.stderr, f"--export-rules exits 0: {run.returncode} {run.stderr}")
            files = sorted(os.listdir(folder)) if os.path.isdir(folder) else []
            check(files == sorted([n + ".html" for n in names] + ["rules.css"]),
                  f"exported {files}, served {sorted(names)} and rules.css")
            for name in names:
                served = http(port, f"/rules/{name}.html")[2]
                exported = open(os.path.join(folder, name + ".html"), "rb").read()
                check(served == exported, f"{name}: the exported page differs from /rules/{name}.html")
                check_links(folder, name + ".html")
            status, headers, css = http(port, "/rules/rules.css")
            check(status == 200 and headers.get("Content-Type", "").startswith("text/css"),
                  f"/rules/rules.css is served as CSS: {status} {headers.get('Content-Type')}")
            check(css == open(os.path.join(folder, "rules.css"), "rb").read() == http(port, "/rules.css")[2],
                  "the exported rules.css is the one served")
            check(export(folder).returncode == 0, "exporting again over the same folder")
            blocker = os.path.join(tmp, "a-file")
            open(blocker, "w").close()
            for bad in (blocker, os.path.join(blocker, "rules"), os.path.join(tmp, "no", "such", "folder")):
                run = export(bad)
                check(run.returncode != 0 and run.stderr.startswith("rulezero gui: ") and bad in run.stderr,
                      f"{bad}: refused with a message: {run.returncode} {run.stderr!r}")
        check(proc.poll() is None, "the server died")
    finally:
        stop_server(proc)
    finish()


if __name__ == "__main__":
    main()
