#!/usr/bin/env bash
# ctc-puzzles.sh: writes the puzzles of a copy of the ISS puzzle index (issue 31:
# /work/shared/data/ctc-iss, one ISS puzzle a file, one constraint a line, listed in
# index.jsonl) as a puzzle file that scripts/iss-compare.sh reads: for each, a line
# "# puzzle: ctc #K FILE", "# solution: unknown" and the file's lines joined (as ISS
# joins them).
#
#   scripts/ctc-puzzles.sh [DIR] > ctc-puzzles.txt
#   scripts/iss-compare.sh ISS_TREE ctc-puzzles.txt
set -euo pipefail
dir=${1:-/work/shared/data/ctc-iss}
echo "# The puzzles of $dir (sigh/iss-sudoku-index), each file's lines joined"
k=0
jq -r .file "$dir/index.jsonl" | while read -r f; do
	k=$((k + 1))
	printf '# puzzle: ctc #%d %s\n# solution: unknown\n' "$k" "$f"
	tr -d '\n' <"$dir/$f"
	echo
done
