// iss-pair-keys.mjs: prints the keys that sigh's Interactive Sudoku Solver
// (ISS) writes for the pairwise relations of the puzzles in
// iss/testdata/published.txt, computed by ISS's own Pair.fnToKey and
// PairX.fnToKey (js/sudoku_constraint.js), so that the strings stored there
// carry ISS's keys, not satdoku's idea of them.
//
//   node scripts/iss-pair-keys.mjs ISS_TREE
//
// ISS_TREE is an extracted ISS work tree (nothing is fetched), e.g.
//   mkdir /tmp/iss && git --git-dir=/work/.mirror/sigh+Interactive-Sudoku-Solver/repo \
//       archive HEAD | tar -x -C /tmp/iss
// Output: one line a relation, "NAME SIZE KEY".
import { pathToFileURL } from 'node:url';

const [root] = process.argv.slice(2);
if (!root) {
  console.error('usage: node scripts/iss-pair-keys.mjs ISS_TREE');
  process.exit(2);
}
globalThis.self ??= globalThis;
globalThis.VERSION_PARAM ??= '';
const { SudokuConstraint } = await import(pathToFileURL(`${root}/js/sudoku_constraint.js`).href);
const { Pair, PairX } = SudokuConstraint;

const show = (name, size, key) => console.log(`${name} ${size} ${key}`);
for (const n of [4, 9]) {
  show('Pair:a<=b', n, Pair.fnToKey((a, b) => a <= b, n));
  for (let d = 1; d < n; d++) {
    show(`Pair:|a-b|=${d}`, n, Pair.fnToKey((a, b) => Math.abs(a - b) === d, n));
  }
  show('PairX:|a-b|>1', n, PairX.fnToKey((a, b) => Math.abs(a - b) > 1, n));
}
