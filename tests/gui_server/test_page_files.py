#!/usr/bin/env python3
"""The page's files as the server serves them: index.html loads /js/main.js as
an ES module; every module it imports (and they import) is served from the
binary with a JavaScript MIME type (a browser refuses a module served as
anything else); a path with '..' is refused.
Usage: test_page_files.py RULEZERO"""
import re

from guitest import check, finish, http, start_server, stop_server


def get(port, path):
    status, headers, body = http(port, path)
    return status, headers.get("Content-Type", ""), body.decode("utf-8", "replace")


IMPORT = re.compile(r"""^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]""", re.M)


def resolve(base, ref):
    """The absolute path of `ref` imported by the module at `base`."""
    if ref.startswith("/"):
        return ref
    parts = base.split("/")[:-1]
    for p in ref.split("/"):
        if p == "..":
            parts.pop()
        elif p != ".":
            parts.append(p)
    return "/".join(parts)


def test_modules(port):
    status, _, html = get(port, "/")
    check(status == 200, "GET / serves the page")
    entries = re.findall(r'<script\s+type="module"\s+src="([^"]+)"', html)
    check(entries == ["js/main.js"], f"the page loads js/main.js (relative: the static site may live in a folder) as its one module script: {entries}")
    entries = ["/" + e for e in entries]
    check(not re.search(r"<script(?![^>]*type=\"module\")[^>]*src=", html), "no classic script is left")
    seen, todo = set(), list(entries)
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        status, ctype, body = get(port, path)
        check(status == 200, f"{path}: status {status}")
        check(ctype.startswith("text/javascript"), f"{path}: Content-Type {ctype!r}")
        for a, b in IMPORT.findall(body):
            todo.append(resolve(path, a or b))
    for name in ("main", "store", "connection", "board", "input", "panels", "dialogs", "history", "pieces"):
        check(f"/js/{name}.js" in seen, f"/js/{name}.js is reached from main.js: {sorted(seen)}")
    status, ctype, _ = get(port, "/style.css")
    check(status == 200 and ctype.startswith("text/css"), "style.css is served as CSS")


def test_dot_dot(port):
    # urllib sends these as written; whatever civetweb makes of them, nothing outside the table is served.
    for path in ("/js/../../CMakeLists.txt", "/js/..%2f..%2fCMakeLists.txt", "/..%2fCMakeLists.txt", "/js/%2e%2e/index.html"):
        status, _, body = get(port, path)
        check(status == 404 or (status == 200 and "<html" in body.lower()), f"{path}: {status}")
        check("cmake_minimum_required" not in body, f"{path} served a file of the source tree")


def main():
    proc, port = start_server()
    try:
        test_modules(port)
        test_dot_dot(port)
    finally:
        stop_server(proc)
    finish()


if __name__ == "__main__":
    main()
