#!/usr/bin/env bash
# ctc-iss.sh: reads every puzzle of a copy of the ISS puzzle index (issue 31:
# /work/shared/data/ctc-iss, one ISS puzzle a file, one constraint a line, with
# ISS's verdicts in index.jsonl) with `satdoku solve --unique` and compares
# satdoku's verdict with ISS's, puzzle by puzzle.
#
#   scripts/ctc-iss.sh [DIR]
#
# Environment: SATDOKU (the binary; default: built from this tree into a
# temporary directory), TIMEOUT (per puzzle, default 30s), JOBS (puzzles at a
# time, default 1), JOIN=1 (join each file's lines into one line first, as
# `tr -d '\n'` does: how the puzzles had to be given before satdoku read a
# puzzle over many lines).
#
# ISS's verdict: "unique" when index.jsonl says unique_solution, "multiple"
# when it found 2 solutions or more, "some" when it found one and stopped
# (too slow to prove it unique), "?" when it found none in its time. Each row:
# FILE, satdoku's status (or "refused: TYPE"), ISS's verdict, and "ok",
# "DISAGREE" or "-" (nothing to compare). The summary counts the puzzles read,
# the agreements and disagreements, and the refusals by type.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-/work/shared/data/ctc-iss}
timeout=${TIMEOUT:-30s}
if [ -z "${SATDOKU:-}" ]; then
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	(cd "$here" && go build -o "$tmp/satdoku" ./cmd/satdoku)
	SATDOKU=$tmp/satdoku
fi
export SATDOKU timeout dir JOIN

one() {
	local file=$1 iss=$2 out status
	if [ "${JOIN:-}" = 1 ]; then
		out=$(tr -d '\n' <"$dir/$file" | "$SATDOKU" solve --unique --timeout "$timeout" --format json - 2>/dev/null || true)
	else
		out=$("$SATDOKU" solve --unique --timeout "$timeout" --format json "$dir/$file" 2>/dev/null || true)
	fi
	status=$(jq -r 'if .status == "error" then "refused: " + (.error | sub("^[0-9]+:[0-9]+: "; "") | sub(":.*"; "")) else .status end' <<<"$out" | head -1)
	local verdict=-
	case "$status:$iss" in
	refused*|timeout*|*:\?) verdict=- ;;
	unique:unique|multiple:multiple|unique:some|multiple:some) verdict=ok ;;
	*) verdict=DISAGREE ;;
	esac
	printf '%s\t%s\t%s\t%s\n' "$file" "$status" "$iss" "$verdict"
}
export -f one

jq -r '[.file, (if .unique_solution == true then "unique" elif .solutions_found >= 2 then "multiple" elif .solutions_found == 1 then "some" else "?" end)] | @tsv' "$dir/index.jsonl" |
	parallel --colsep '\t' -k -j "${JOBS:-1}" one {1} {2} | tee /dev/stderr |
	awk -F'\t' '
	{ n++ }
	$2 ~ /^refused/ { ref[substr($2, 10)]++; nref++; next }
	{ read++ }
	$4 == "ok" { ok++ }
	$4 == "DISAGREE" { dis++ }
	$2 == "timeout" { to++ }
	END {
		printf "puzzles %d, read %d (%.1f %%), refused %d; of those read: agree with ISS %d, disagree %d, timeout %d, nothing to compare %d\n",
			n, read, 100 * read / n, nref, ok, dis, to, read - ok - dis - to
		for (t in ref) printf "refused\t%s\t%d\n", t, ref[t] | "sort -t\"\t\" -k3,3nr"
	}'
