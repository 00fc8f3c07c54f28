#!/usr/bin/env bash
# iss-compare.sh: runs sigh's Interactive Sudoku Solver (ISS) headless under
# node and satdoku side by side on the puzzles of bench/variants-hard.txt
# (issue 24), puzzle by puzzle, interleaved so that a load on the machine hits
# both alike, and prints a table and a summary (medians and worst per group).
#
#   scripts/iss-compare.sh ISS_TREE [PUZZLE_FILE]
#
# ISS_TREE is an extracted ISS work tree (it fetches nothing), e.g.
#   mkdir /tmp/iss && git --git-dir=/work/.mirror/sigh+Interactive-Sudoku-Solver/repo \
#       archive HEAD | tar -x -C /tmp/iss
# It needs no npm packages: a small driver, written to a temporary directory,
# imports ISS's tools/lib/solver_analysis.js (what tools/perf/benchmark_puzzles.js
# uses) and calls its runSolve on each puzzle string with no backtrack cap and
# ISS's default of 2 solutions (proof of uniqueness), the same solve that
#   node tools/perf/benchmark_puzzles.js --max-backtracks none --input-file F
# times; the driver also prints the first solution found, so that the answers
# can be compared, and times parse + build + search (wall and CPU) as well as
# ISS's own search-only time.
#
# Environment: SATDOKU (the binary; default: built from this tree into a
# temporary directory), NODE (default node), TIMEOUT (seconds per solve,
# default 60), REPEAT (runs per puzzle for a best-of, default 3; a puzzle
# whose first run takes over CHEAP_MS ms, default 2000, is run once),
# ONLY (an extended regexp; only the puzzles whose "GROUP #INDEX NAME" matches),
# RAW (a file to keep the raw tab-separated rows in); FROM_ROWS=FILE prints
# only the summary of such a file (rows of several runs may be concatenated,
# each header line dropped but the first).
#
# Times: wall ms and CPU ms (user + system) per tool, the best of the runs.
# satdoku's are of the whole process (`satdoku solve --unique --timeout`,
# start-up included, a few ms); ISS's are of parse + build + search inside one
# node process (node's start-up and module loading, about 0.3 s, left out),
# with ISS's search-only time (the `ms` of benchmark_puzzles.js) beside them.
set -euo pipefail

usage() { echo "usage: $0 ISS_TREE [PUZZLE_FILE]  (or FROM_ROWS=FILE $0 -)" >&2; exit 2; }
[ $# -ge 1 ] || usage
iss=$1
here=$(cd "$(dirname "$0")/.." && pwd)
puzzles=${2:-$here/bench/variants-hard.txt}

# Summary: medians and worst of wall and CPU per group and overall; a timed
# out solve counts as TIMEOUT*1000 ms in both wall and CPU (so a median over
# it is a lower bound; the table keeps the CPU it had used when stopped).
summary() {
	awk -F'\t' -v cap="$((TIMEOUT * 1000))" '
	function val(x, st) { return (st == "timeout" || x == "-" || x == "") ? cap : x + 0 }
	function med(a, n,   i, j, t, b) {
		for (i = 1; i <= n; i++) b[i] = a[i]
		for (i = 2; i <= n; i++) { t = b[i]; for (j = i - 1; j >= 1 && b[j] > t; j--) b[j + 1] = b[j]; b[j + 1] = t }
		return n % 2 ? b[(n + 1) / 2] : (b[n / 2] + b[n / 2 + 1]) / 2
	}
	function add(g, r) {
		k = ++cnt[g]; iw[g, k] = val($5, $4); ic[g, k] = val($6, $4); sw[g, k] = val($9, $8); sc[g, k] = val($10, $8)
		if (ic[g, k] > wic[g]) { wic[g] = ic[g, k]; wicn[g] = r }
		if (sc[g, k] > wsc[g]) { wsc[g] = sc[g, k]; wscn[g] = r }
		if ($4 == "timeout") ito[g]++
		if ($8 == "timeout") sto[g]++
		if ($11 == "NO") dis[g]++
		if (sc[g, k] < ic[g, k]) faster[g]++
	}
	NR > 1 { if (!(($1) in cnt)) order[++ng] = $1; add($1, $1 " " $2); add("ALL", $1 " " $2) }
	END {
		order[++ng] = "ALL"
		printf "%-22s %4s | %9s %9s %9s %9s | %9s %9s %9s %9s | %-26s %-26s %s\n", "group", "n", "ISS wall", "ISS cpu", "sd wall", "sd cpu", "ISS wall", "ISS cpu", "sd wall", "sd cpu", "worst ISS (cpu)", "worst satdoku (cpu)", "timeouts ISS/sd, disagree, sd faster (cpu)"
		printf "%-22s %4s | %-39s | %-39s |\n", "", "", "median ms", "worst ms"
		for (o = 1; o <= ng; o++) {
			g = order[o]; n = cnt[g]
			for (i = 1; i <= n; i++) { a1[i] = iw[g, i]; a2[i] = ic[g, i]; a3[i] = sw[g, i]; a4[i] = sc[g, i] }
			m1 = med(a1, n); m2 = med(a2, n); m3 = med(a3, n); m4 = med(a4, n)
			x1 = x2 = x3 = x4 = 0
			for (i = 1; i <= n; i++) { if (a1[i] > x1) x1 = a1[i]; if (a2[i] > x2) x2 = a2[i]; if (a3[i] > x3) x3 = a3[i]; if (a4[i] > x4) x4 = a4[i] }
			printf "%-22s %4d | %9.0f %9.0f %9.0f %9.0f | %9.0f %9.0f %9.0f %9.0f | %-26s %-26s %d/%d, %d, %d of %d\n", g, n, m1, m2, m3, m4, x1, x2, x3, x4, wicn[g], wscn[g], ito[g], sto[g], dis[g], faster[g], n
		}
	}' "$1"
}

NODE=${NODE:-node}
TIMEOUT=${TIMEOUT:-60}
REPEAT=${REPEAT:-3}
CHEAP_MS=${CHEAP_MS:-2000}
ONLY=${ONLY:-}

# FROM_ROWS=FILE: only the summary of the rows a run kept with RAW.
if [ -n "${FROM_ROWS:-}" ]; then
	summary "$FROM_ROWS"
	exit 0
fi

if ! command -v "$NODE" >/dev/null 2>&1; then
	echo "iss-compare: skipped: $NODE is not installed" >&2
	exit 0
fi
if [ ! -f "$iss/tools/lib/solver_analysis.js" ]; then
	echo "iss-compare: skipped: no ISS tree at $iss (tools/lib/solver_analysis.js missing)" >&2
	exit 0
fi
for t in jq awk /usr/bin/time timeout; do
	command -v "$t" >/dev/null 2>&1 || { echo "iss-compare: needs $t" >&2; exit 2; }
done
iss=$(cd "$iss" && pwd)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ -z "${SATDOKU:-}" ]; then
	SATDOKU=$tmp/satdoku
	(cd "$here" && go build -o "$SATDOKU" ./cmd/satdoku)
fi

# The driver: argv = ISS tree, repeats, cheap threshold (ms); the puzzle
# string on standard input; one JSON object out.
cat >"$tmp/driver.mjs" <<'EOF'
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [root, repeatRaw, cheapRaw] = process.argv.slice(2);
const input = readFileSync(0, 'utf8').trim();
const lib = await import(pathToFileURL(`${root}/tools/lib/solver_analysis.js`).href);
const out = { wallMs: Infinity, cpuMs: Infinity, searchMs: Infinity, runs: 0 };
for (let i = 0; i < Number(repeatRaw); i++) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const r = lib.runSolve({ name: 'input', input }, { maxBacktracks: 0, maxSolutions: 2 });
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  out.wallMs = Math.min(out.wallMs, wall);
  out.cpuMs = Math.min(out.cpuMs, (cpu.user + cpu.system) / 1000);
  out.searchMs = Math.min(out.searchMs, r.elapsedMs);
  out.status = r.status;
  out.solutions = r.counters.solutions;
  out.guesses = r.counters.guesses;
  out.solution = r.solution;
  out.runs++;
  if (wall > Number(cheapRaw)) break;
}
console.log(JSON.stringify(out));
EOF

# Puzzles: "GROUP|INDEX|NAME|SOLUTION|PUZZLE" per line, | being the unit
# separator \037 (not white space, so that an empty name stays a field).
awk '
/^# puzzle: / { s = substr($0, 11); g = s; sub(/ .*/, "", g); s = substr(s, length(g) + 3)
	i = s; sub(/ .*/, "", i); n = substr(s, length(i) + 2); gsub(/[\t\037]/, " ", n); sub(/ +$/, "", n); sol = ""; want = 1; next }
/^# solution: / { sol = substr($0, 13); next }
/^#/ || /^[ \t]*$/ { next }
want { printf "%s\037%s\037%s\037%s\037%s\n", g, i, n, sol, $0; want = 0 }
' "$puzzles" >"$tmp/list"

# satdoku: best of the runs; prints "status wallms cpums solution".
run_satdoku() {
	local p=$1 best_w="" best_c="" status="" sol="" w c
	for ((k = 0; k < REPEAT; k++)); do
		/usr/bin/time -o "$tmp/time" -f '%e %U %S' "$SATDOKU" solve --unique -q \
			--timeout "${TIMEOUT}s" --format json "$p" >"$tmp/sd.json" 2>/dev/null || true
		status=$(jq -r '.status // "error"' "$tmp/sd.json" 2>/dev/null || echo error)
		sol=$(jq -r '.solution // ""' "$tmp/sd.json" 2>/dev/null || true)
		# A non-zero exit adds a line "Command exited with ..." before the times.
		read -r w u s < <(tail -n 1 "$tmp/time")
		w=$(awk -v w="$w" 'BEGIN { printf "%.0f", w * 1000 }')
		c=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.0f", (u + s) * 1000 }')
		if [ -z "$best_w" ] || [ "$w" -lt "$best_w" ]; then best_w=$w; fi
		if [ -z "$best_c" ] || [ "$c" -lt "$best_c" ]; then best_c=$c; fi
		[ "$w" -le "$CHEAP_MS" ] || break
	done
	echo "$status $best_w $best_c ${sol:--}"
}

# ISS: prints "status wallms cpums searchms solution".
run_iss() {
	local p=$1 rc=0
	printf '%s' "$p" | /usr/bin/time -o "$tmp/itime" -f '%e %U %S' \
		timeout "$TIMEOUT" "$NODE" "$tmp/driver.mjs" "$iss" "$REPEAT" "$CHEAP_MS" \
		>"$tmp/iss.json" 2>"$tmp/iss.err" || rc=$?
	if [ "$rc" -eq 124 ]; then
		# Killed at TIMEOUT: the CPU the node process had used by then.
		tail -n 1 "$tmp/itime" | awk '{ printf "timeout %.0f %.0f - -\n", $1 * 1000, ($2 + $3) * 1000 }'
		return
	fi
	if ! jq -e . "$tmp/iss.json" >/dev/null 2>&1; then
		echo "error - - - -"
		sed 's/^/  iss: /' "$tmp/iss.err" | head -3 >&2
		return
	fi
	local st
	st=$(jq -r .status "$tmp/iss.json")
	case $st in no-solution) st=none ;; esac
	# A search that ran past TIMEOUT within the budget's slack is a timeout too.
	if [ "$(jq -r '.wallMs > '"$TIMEOUT"'000' "$tmp/iss.json")" = true ]; then st=timeout; fi
	jq -r --arg st "$st" '[$st, (.wallMs | round), (.cpuMs | round), (.searchMs | round),
		(if .solution == "" then "-" else .solution end)] | join(" ")' "$tmp/iss.json"
}

printf 'group\tindex\tname\tiss_status\tiss_wall_ms\tiss_cpu_ms\tiss_search_ms\tsd_status\tsd_wall_ms\tsd_cpu_ms\tagree\tnote\n' >"$tmp/rows"
n=0
while IFS=$'\037' read -r group index name published puzzle; do
	if [ -n "$ONLY" ] && ! printf '%s %s %s\n' "$group" "$index" "$name" | grep -Eq -- "$ONLY"; then
		continue
	fi
	n=$((n + 1))
	# Alternate which solver goes first, so neither always runs on a warmer
	# or quieter machine.
	if ((n % 2)); then
		read -r ist iw ic is isol < <(run_iss "$puzzle")
		read -r sst sw sc ssol < <(run_satdoku "$puzzle")
	else
		read -r sst sw sc ssol < <(run_satdoku "$puzzle")
		read -r ist iw ic is isol < <(run_iss "$puzzle")
	fi
	agree=yes note=""
	if [ "$ist" = timeout ] || [ "$sst" = timeout ]; then
		agree="n/a"
	elif [ "$ist" != "$sst" ]; then
		agree=NO note="statuses differ"
	elif [ "$ist" = unique ] && [ "$isol" != "$ssol" ]; then
		agree=NO note="unique solutions differ"
	fi
	case $published in
	none | unknown | "") ;;
	*)
		if [ "$sst" = unique ] && [ "$ssol" != "$published" ]; then note="$note satdoku!=published"; agree=NO; fi
		if [ "$ist" = unique ] && [ "$isol" != "$published" ]; then note="$note ISS!=published"; agree=NO; fi
		;;
	esac
	if [ "$published" = none ]; then
		[ "$sst" = none ] || [ "$sst" = timeout ] || { note="$note satdoku!=none(published)"; agree=NO; }
	fi
	short=${name:0:28}
	short=${short:--}
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$group" "$index" "$short" \
		"$ist" "$iw" "$ic" "$is" "$sst" "$sw" "$sc" "$agree" "${note:+${note# }}" >>"$tmp/rows"
	tail -n 1 "$tmp/rows" >&2
done <"$tmp/list"

[ -z "${RAW:-}" ] || cp "$tmp/rows" "$RAW"

echo "# load: $(uptime)"
echo "# ISS: $iss, $("$NODE" --version); satdoku: $SATDOKU; timeout ${TIMEOUT}s; best of up to $REPEAT runs"
column -t -s $'\t' "$tmp/rows"
echo

summary "$tmp/rows"
