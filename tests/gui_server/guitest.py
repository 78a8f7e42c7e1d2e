"""What every test of `rulezero gui` without a browser shares: checks that
count failures, a server started on a free port and stopped, plain HTTP, a
page's WebSocket (hello, then setup and state) and the closing line with its
exit code. Each test runs as `python3 FILE RULEZERO`."""
import http.client as http_client  # `http` is the request function below
import http.cookies as http_cookies
import json
import os
import subprocess
import sys
import urllib.error
import urllib.request

from wsclient import WebSocket

if len(sys.argv) < 2:
    sys.exit(f"usage: {sys.argv[0]} RULEZERO")
RZ = sys.argv[1]
failures = []


def check(cond, what):
    """Counts and prints a failure; returns cond."""
    if not cond:
        failures.append(what)
        print("FAIL:", what, flush=True)
    return cond


def needs(path, package):
    """Exits 77, which ctest reports as skipped, when the program PATH (from the
    Debian package PACKAGE) is missing: a test that checked nothing must not pass."""
    if not (path and os.path.isfile(path) and os.access(path, os.X_OK)):
        print(f"SKIPPED: {path} is not installed (Debian package {package})", flush=True)
        sys.exit(77)


def finish():
    """The closing line, "ok" or the number of failures, and the exit code."""
    print("ok" if not failures else f"{len(failures)} failures")
    sys.exit(1 if failures else 0)


def start_server(*extra):
    """`rulezero gui --port 0 EXTRA...`: (process, the port it printed). Its
    stderr is kept for stop_server."""
    proc = subprocess.Popen([RZ, "gui", "--port", "0", *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    url = proc.stdout.readline().strip()
    if not url.startswith("http://127.0.0.1:"):
        proc.kill()
        sys.exit(f"no address printed: {url!r} {proc.stderr.read()}")
    return proc, int(url.rsplit(":", 1)[1].rstrip("/"))


def stop_server(proc):
    """SIGTERM, then SIGKILL after 20 s: (its exit code, or "hung"; its stderr)."""
    proc.terminate()
    try:
        _, err = proc.communicate(timeout=20)
        return proc.returncode, err
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
        return "hung", err


def http(port, path, headers=None, method="GET", timeout=30):
    """(status, headers, body bytes) of one request; an HTTP error is an answer too."""
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers=headers or {}, method=method)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


def cookies_of(port, link):
    """The cookies a game's link (/?game=ID&key=K) sets with its 303: {name: value}."""
    con = http_client.HTTPConnection("127.0.0.1", port, timeout=30)
    con.request("GET", link)
    r = con.getresponse()
    r.read()
    jar = {}
    for line in r.headers.get_all("Set-Cookie") or []:
        c = http_cookies.SimpleCookie()
        c.load(line)
        jar.update({k: m.value for k, m in c.items()})
    con.close()
    return jar


def api_state(port):
    return json.loads(http(port, "/api/state")[2])


def connect(port, socket_class=WebSocket, **options):
    """A page: connects, says hello, gets (ws, setup, state)."""
    ws = socket_class("127.0.0.1", port, **options)
    ws.send({"type": "hello"})
    setup = ws.recv_type("setup")
    state = ws.recv_type("state")
    return ws, setup, state
