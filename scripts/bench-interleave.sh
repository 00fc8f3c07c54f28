#!/bin/sh
# bench-interleave.sh: runs Go test binaries (or one binary under several
# environments) alternately, ROUNDS times, so that a load on the machine
# hits every variant alike; the output of variant NAME goes to
# $OUT/NAME.txt, ready for benchstat.
#
#   scripts/bench-interleave.sh 'old=env X=1 /tmp/old.test' 'new=/tmp/new.test' -- -test.bench Big -test.run '^$'
#
# Environment: ROUNDS (default 6), OUT (default bench-out), DIR (the
# directory the binaries run in, default satsolve: the data paths are
# relative to a package directory).
set -eu
ROUNDS=${ROUNDS:-6}
OUT=${OUT:-bench-out}
DIR=${DIR:-satsolve}
variants=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
	variants="$variants
$1"
	shift
done
[ "${1:-}" = "--" ] && shift
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
echo "$variants" | while IFS= read -r v; do
	[ -n "$v" ] && : >"$OUT/${v%%=*}.txt"
done
for r in $(seq "$ROUNDS"); do
	echo "$variants" | while IFS= read -r v; do
		[ -n "$v" ] || continue
		name=${v%%=*}
		cmd=${v#*=}
		(cd "$DIR" && sh -c "$cmd \"\$@\"" sh "$@") >>"$OUT/$name.txt"
	done
	echo "round $r done" >&2
done
