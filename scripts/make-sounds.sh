#!/usr/bin/env bash
# Makes the GUI's sounds (protocol/gui/web/sounds/*.wav) with SoX, from nothing
# but sine waves and filtered noise, so that no sound is copied from anyone.
# Reproducible: SoX's -R seeds its random generator (noise) the same way every
# run and -D turns dithering off, so the same SoX writes the same bytes.
# Mono, 11025 Hz, 16-bit WAV, each under 0.3 s and under 7 KB.
# Usage: scripts/make-sounds.sh [OUT_DIR]   (Debian: apt-get install sox)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/protocol/gui/web/sounds}
mkdir -p "$out"
fmt=(-R -D -V1)
wav=(-r 11025 -c 1 -b 16 -e signed-integer)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A soft wooden knock: a short low sine with a quick logarithmic fade, plus a
# breath of band-passed noise for the contact.
knock() { # FILE FREQ LENGTH
  sox "${fmt[@]}" -n "${wav[@]}" "$tmp/tone.wav" synth "$3" sine "$2" fade l 0.002 "$3" "$3"
  sox "${fmt[@]}" -n "${wav[@]}" "$tmp/tap.wav" synth 0.03 pinknoise bandpass 1800 600h fade l 0 0.03 0.03 gain -14
  sox "${fmt[@]}" -m "$tmp/tone.wav" "$tmp/tap.wav" "${wav[@]}" "$1"
}

# move: one knock.
knock "$tmp/move.wav" 440 0.09
sox "${fmt[@]}" "$tmp/move.wav" "${wav[@]}" "$out/move.wav" gain -n -12

# capture: a lower, firmer knock with a second one just after it.
knock "$tmp/c1.wav" 330 0.08
knock "$tmp/c2.wav" 260 0.10
sox "${fmt[@]}" -n "${wav[@]}" "$tmp/gap.wav" trim 0 0.035
sox "${fmt[@]}" "$tmp/c1.wav" "$tmp/gap.wav" "$tmp/c2.wav" "${wav[@]}" "$out/capture.wav" gain -n -10

# lowtime: two short soft beeps, the second a little higher.
beep() { # FILE FREQ
  sox "${fmt[@]}" -n "${wav[@]}" "$1" synth 0.07 sine "$2" fade h 0.01 0.07 0.03 gain -14
}
beep "$tmp/b1.wav" 880
beep "$tmp/b2.wav" 988
sox "${fmt[@]}" -n "${wav[@]}" "$tmp/gap2.wav" trim 0 0.06
sox "${fmt[@]}" "$tmp/b1.wav" "$tmp/gap2.wav" "$tmp/b2.wav" "${wav[@]}" "$out/lowtime.wav"

# gameend: a soft falling-then-rising three-note chime (G5 E5 C6), overlapping.
note() { # FILE FREQ LENGTH DELAY
  sox "${fmt[@]}" -n "${wav[@]}" "$1" synth "$3" sine "$2" sine "$(( $2 * 2 ))" \
    remix 1v0.8,2v0.2 fade l 0.005 "$3" "$3" gain -15 pad "$4"
}
note "$tmp/n1.wav" 784 0.12 0
note "$tmp/n2.wav" 659 0.12 0.07
note "$tmp/n3.wav" 1047 0.15 0.14
sox "${fmt[@]}" -m "$tmp/n1.wav" "$tmp/n2.wav" "$tmp/n3.wav" "${wav[@]}" "$out/gameend.wav" gain -n -12

ls -l "$out"
