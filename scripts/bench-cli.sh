#!/bin/sh
# bench-cli.sh: puzzles/s of `satdoku solve --unique --format json` (every
# answer verified) per public set, the median of RUNS runs, with one worker
# and with --jobs 2, and QQWing (`qqwing --solve --count-solutions`) on the
# first QQ_MAX puzzles of each set, in the same run. Prints a Markdown table.
#
#   scripts/bench-cli.sh [DATA_DIR]     (default ../shared/data)
#
# Environment: CPU=1 (rates by CPU time, not wall time), SATDOKU (binary, default: built into a temporary directory),
# RUNS (default 3), QQ_MAX (default 2000; QQWing counts every solution, so
# the multi-solution sets are slow for it), SETS (the set names).
set -eu
DATA=${1:-../shared/data}
RUNS=${RUNS:-3}
QQ_MAX=${QQ_MAX:-2000}
SETS=${SETS:-"kaggle_9999 royle17_49158 magictour_top1465 forum_hardest_1106 serg_benchmark"}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -z "${SATDOKU:-}" ]; then
	go build -o "$tmp/satdoku" ./cmd/satdoku
	SATDOKU=$tmp/satdoku
fi
now() { date +%s.%N; }
# rate N CMD...: puzzles/s of one run of CMD (stdout discarded), by wall
# time; with CPU=1, by the CPU time (user + system) of the run instead,
# which another load on the machine disturbs far less.
rate() {
	n=$1; shift
	if [ "${CPU:-0}" = 1 ]; then
		/usr/bin/time -f "%U %S" -o "$tmp/time" "$@" >/dev/null 2>&1 || true
		tail -n 1 "$tmp/time" | awk -v n="$n" '{printf "%.0f\n", n/($1+$2)}'
		return
	fi
	s=$(now); "$@" >/dev/null 2>&1 || true; e=$(now)
	echo "$n $s $e" | awk '{printf "%.0f\n", $1/($3-$2)}'
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "| set | puzzles | satdoku --unique, 1 worker | --jobs 2 | speed-up | QQWing --count-solutions (first $QQ_MAX) |"
echo "|---|---:|---:|---:|---:|---:|"
for set in $SETS; do
	f=$DATA/$set.txt
	[ -f "$f" ] || continue
	n=$(grep -c . "$f")
	one=$(for _ in $(seq "$RUNS"); do rate "$n" "$SATDOKU" solve --unique --format json "$f"; done | median)
	two=$(for _ in $(seq "$RUNS"); do rate "$n" "$SATDOKU" solve --unique --jobs 2 --format json "$f"; done | median)
	qq=-
	if command -v qqwing >/dev/null; then
		head -n "$QQ_MAX" "$f" >"$tmp/qq.txt"
		qn=$(grep -c . "$tmp/qq.txt")
		qq=$(for _ in $(seq "$RUNS"); do rate "$qn" sh -c "qqwing --solve --count-solutions --one-line <'$tmp/qq.txt'"; done | median)
	fi
	sp=$(echo "$two $one" | awk '{printf "%.2f×", $1/$2}')
	echo "| $set | $n | $one | $two | $sp | $qq |"
done
