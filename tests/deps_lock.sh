#!/usr/bin/env bash
# scripts/deps.sh waits for the package lock instead of failing at once: run
# against a fake apt-get (and dpkg-query, sudo) first on the PATH, it
#   - retries apt-get update while the fake says another process holds the
#     lists' lock (apt ignores DPkg::Lock::Timeout there), saying so;
#   - passes -o DPkg::Lock::Timeout with the time left (generous) to every
#     apt-get call, so that apt-get install waits for dpkg's lock itself;
#   - gives up, saying why, once RULEZERO_APT_LOCK_WAIT seconds have passed;
#   - does not retry a failure that is not a lock (an unknown package);
#   - calls no apt-get when nothing is missing.
# No real package is installed and no real lock is taken. The fake counts
# calls: no timing.
# Usage: tests/deps_lock.sh SOURCE_DIR
set -u
src=${1:?usage: deps_lock.sh SOURCE_DIR}
. "$(dirname "$0")/lib/scratch.sh"
mkdir -p "$tmp/bin"
fail=0
bad() { fail=1; echo "FAIL $*"; }

# dpkg-query: every package missing unless FAKE_INSTALLED=1.
cat > "$tmp/bin/dpkg-query" <<'SH'
#!/bin/sh
[ "${FAKE_INSTALLED:-0}" = 1 ] && printf 'install ok installed'
exit 0
SH
cat > "$tmp/bin/sudo" <<'SH'
#!/bin/sh
exec "$@"
SH
# apt-get: logs each call; "update" fails on the lists' lock while the
# counter file FAKE_DIR/held is above 0 (decrementing it), and "install" of
# the package "nosuchpackage" fails as apt does for an unknown package.
cat > "$tmp/bin/apt-get" <<'SH'
#!/bin/sh
echo "$*" >> "$FAKE_DIR/calls"
held=$(cat "$FAKE_DIR/held" 2>/dev/null || echo 0)
case " $* " in
    *" update "*)
        if [ "$held" -gt 0 ]; then
            echo $((held - 1)) > "$FAKE_DIR/held"
            echo "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 4242 (apt-get)" >&2
            echo "E: Unable to lock directory /var/lib/apt/lists/" >&2
            exit 100
        fi ;;
    *" nosuchpackage"*)
        echo "E: Unable to locate package nosuchpackage" >&2
        exit 100 ;;
esac
exit 0
SH
chmod +x "$tmp/bin/"*

# deps NAME [env...] -- [packages...]: runs deps.sh with the fakes; output in $tmp/NAME.out.
deps() {
    local name=$1
    shift
    local envs=()
    while [ "$1" != -- ]; do envs+=("$1"); shift; done
    shift
    rm -f "$tmp/calls" "$tmp/held"
    [ -n "${HELD:-}" ] && echo "$HELD" > "$tmp/held"
    env PATH="$tmp/bin:$PATH" FAKE_DIR="$tmp" "${envs[@]}" "$src/scripts/deps.sh" "$@" > "$tmp/$name.out" 2>&1
}
calls() { grep -c "$1" "$tmp/calls" 2>/dev/null || true; }

# 1. The lists' lock held for two tries: a message, then the third try goes on to install.
HELD=2 deps waits -- || bad "waits: exit $? with the lock released on the third try: $(cat "$tmp/waits.out")"
[ "$(calls ' update')" = 3 ] || bad "waits: expected 3 apt-get update calls, got: $(cat "$tmp/calls")"
[ "$(calls ' install ')" = 1 ] || bad "waits: expected 1 apt-get install call, got: $(cat "$tmp/calls")"
grep -q "holds the package lock.*waiting" "$tmp/waits.out" || bad "waits: no message about waiting: $(cat "$tmp/waits.out")"
grep -q "waiting up to 1800 s" "$tmp/waits.out" || bad "waits: the default wait is not said (1800 s): $(cat "$tmp/waits.out")"
# Every call lets apt wait for dpkg's lock, with most of the 1800 s left (each call takes at most seconds here).
while read -r line; do
    t=$(sed -n 's/.*-o DPkg::Lock::Timeout=\([0-9]*\) .*/\1/p' <<< "$line")
    if [ -z "$t" ] || [ "$t" -lt 1700 ]; then bad "waits: apt-get called without a generous DPkg::Lock::Timeout: $line"; fi
done < "$tmp/calls"
grep -q "install -y -qq .*libcivetweb-dev" "$tmp/calls" || bad "waits: the install call lacks the packages: $(cat "$tmp/calls")"

# 2. The lock never released within RULEZERO_APT_LOCK_WAIT=0: one try, then a clear failure.
if HELD=1000 deps gives_up RULEZERO_APT_LOCK_WAIT=0 --; then bad "gives_up: passed although the lock was never released"; fi
[ "$(calls ' update')" = 1 ] || bad "gives_up: expected 1 apt-get update call, got: $(cat "$tmp/calls")"
[ "$(calls ' install ')" = 0 ] || bad "gives_up: installed without an update"
grep -q "still held after 0 s.*giving up" "$tmp/gives_up.out" || bad "gives_up: no message saying why: $(cat "$tmp/gives_up.out")"

# 3. A failure that is not a lock is not retried.
if HELD=0 deps unknown -- nosuchpackage; then bad "unknown: passed although apt-get install failed"; fi
[ "$(calls ' install ')" = 1 ] || bad "unknown: expected 1 apt-get install call (no retry), got: $(cat "$tmp/calls")"
grep -q "Unable to locate package nosuchpackage" "$tmp/unknown.out" || bad "unknown: apt-get's error is not shown: $(cat "$tmp/unknown.out")"

# 4. Nothing missing: no apt-get at all.
HELD=0 deps installed FAKE_INSTALLED=1 -- clang || bad "installed: exit $?: $(cat "$tmp/installed.out")"
[ ! -s "$tmp/calls" ] || bad "installed: apt-get was called although nothing is missing: $(cat "$tmp/calls")"

[ $fail -eq 0 ] && echo "OK: deps.sh waits for the package lock, says so, gives up at its deadline"
exit $fail
