#!/bin/sh
# bench-certify.sh: what --certify costs (issue 14). Prints two Markdown
# tables:
#
# 1. puzzles/s of `satdoku unique --format json` on 9×9 sets, without and
#    with --certify, with gini (the whole set; the certificate is the
#    validator's own count) and with --solver cadical (the first CAD_MAX
#    puzzles; the certificate is a DRAT proof, checked), one worker, the
#    median of RUNS runs; and the time per proof check from --stats.
# 2. per 25×25 puzzle of misc_25x25 whose solution is unique: cadical's own
#    time on the formula with the solution blocked (`satdoku dimacs
#    --block`), without and with a proof file, the proof's size, and the
#    time `satdoku certify` takes to check it (reading the CNF included).
#
#   scripts/bench-certify.sh [DATA_DIR]     (default ../shared/data)
#
# Environment: SATDOKU (binary, default: built into a temporary directory),
# RUNS (default 3), CAD_MAX (default 1000), SETS (the 9×9 set names).
set -eu
DATA=${1:-../shared/data}
RUNS=${RUNS:-3}
CAD_MAX=${CAD_MAX:-1000}
SETS=${SETS:-"kaggle_9999 royle17_49158 magictour_top1465"}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -z "${SATDOKU:-}" ]; then
	go build -o "$tmp/satdoku" ./cmd/satdoku
	SATDOKU=$tmp/satdoku
fi
now() { date +%s.%N; }
# rate N CMD...: puzzles/s of one run of CMD (stdout discarded, standard
# error kept in $tmp/err), by wall time.
rate() {
	n=$1; shift
	s=$(now); "$@" >/dev/null 2>"$tmp/err" || true; e=$(now)
	echo "$n $s $e" | awk '{printf "%.0f\n", $1/($3-$2)}'
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# perproof: the time per check of the last run's --stats.
perproof() { sed -n 's/.*in total, \([^ ]*\) per .*/\1/p' "$tmp/err"; }

echo "| set | back end | puzzles | unique | unique --certify | cost | per certificate |"
echo "|---|---|---:|---:|---:|---:|---:|"
for set in $SETS; do
	f=$DATA/$set.txt
	[ -f "$f" ] || continue
	head -n "$CAD_MAX" "$f" >"$tmp/cad.txt"
	for be in gini cadical; do
		in=$f args=""
		if [ "$be" = cadical ]; then
			command -v cadical >/dev/null || continue
			in=$tmp/cad.txt args="--solver cadical"
		fi
		n=$(grep -c . "$in")
		# shellcheck disable=SC2086
		plain=$(for _ in $(seq "$RUNS"); do rate "$n" "$SATDOKU" unique $args --format json "$in"; done | median)
		# shellcheck disable=SC2086
		cert=$(for _ in $(seq "$RUNS"); do rate "$n" "$SATDOKU" unique $args --certify --stats --format json "$in"; done | median)
		cost=$(echo "$plain $cert" | awk '{printf "%+.0f%%", ($1/$2-1)*100}')
		echo "| $set | $be | $n | $plain | $cert | $cost | $(perproof) |"
	done
done

f=$DATA/misc_25x25.txt
[ -f "$f" ] && command -v cadical >/dev/null || exit 0
echo
echo "| misc_25x25 line | cadical, blocked formula | with the proof file | proof | satdoku certify | check / solve |"
echo "|---:|---:|---:|---:|---:|---:|"
i=0
while IFS= read -r p; do
	i=$((i + 1))
	"$SATDOKU" count --limit 2 "$p" | grep -qx 1 || continue # several solutions: no uniqueness proof
	"$SATDOKU" dimacs --block -o "$tmp/b.cnf" "$p"
	t=$(for _ in $(seq "$RUNS"); do s=$(now); cadical -q "$tmp/b.cnf" >/dev/null || true; e=$(now); echo "$e - $s" | bc; done | median)
	tp=$(for _ in $(seq "$RUNS"); do rm -f "$tmp/b.drat"; s=$(now); cadical -q "$tmp/b.cnf" "$tmp/b.drat" >/dev/null || true; e=$(now); echo "$e - $s" | bc; done | median)
	size=$(wc -c <"$tmp/b.drat")
	tc=$(for _ in $(seq "$RUNS"); do s=$(now); "$SATDOKU" certify --cnf "$tmp/b.cnf" --proof "$tmp/b.drat" >/dev/null; e=$(now); echo "$e - $s" | bc; done | median)
	echo "$i $t $tp $size $tc" | awk '{printf "| %d | %.3fs | %.3fs | %.0f kB | %.3fs | %.1f× |\n", $1, $2, $3, $4/1000, $5, $5/$2}'
done <"$f"
