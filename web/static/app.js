// satdoku's page. Every answer comes from satdoku itself: from the server
// (satdoku serve, POST api/COMMAND) when one answers GET api/info, else
// from satdoku built for js/wasm, in a Web Worker (worker.js). The board is
// the SVG that satdoku draws (--format svg).
'use strict';

const $ = (id) => document.getElementById(id);
let backend = null;
let generation = 0; // the puzzle being analysed; stale answers are dropped
let puzzle = '';
let boards = {}; // the SVGs drawn for the puzzle, by mode
let mode = '';
let cursor = [0, 0];
let verdictAt = 0;

// The backends: call(cmd, format, puzzle) resolves to the command's
// standard output, or rejects with its error; cancel() drops the work in
// hand.
function serverBackend() {
  let ctl = new AbortController();
  return {
    name: 'the server',
    async call(cmd, format, text) {
      const q = format === 'svg' ? '?format=svg' : '';
      const r = await fetch('api/' + cmd + q, { method: 'POST', body: text, signal: ctl.signal });
      const body = await r.text();
      if (!r.ok) {
        let msg = body;
        try { msg = JSON.parse(body).error; } catch (e) { /* not JSON */ }
        throw new Error(msg);
      }
      return body;
    },
    cancel() { ctl.abort(); ctl = new AbortController(); },
  };
}

function workerBackend() {
  let worker;
  let seq = 0;
  const pending = new Map();
  const rejectAll = (msg) => {
    for (const p of pending.values()) p.reject(new Error(msg));
    pending.clear();
  };
  const start = () => {
    worker = new Worker('worker.js');
    worker.onmessage = (e) => {
      const p = pending.get(e.data.id);
      if (!p) return;
      pending.delete(e.data.id);
      if (e.data.error) p.reject(new Error(e.data.error));
      else p.resolve(e.data.out);
    };
    worker.onerror = (e) => rejectAll(e.message || 'the worker failed');
  };
  start();
  return {
    name: 'your browser (WebAssembly)',
    call(cmd, format, text) {
      return new Promise((resolve, reject) => {
        const id = ++seq;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, cmd, format, input: text });
      });
    },
    cancel() { worker.terminate(); rejectAll('cancelled'); start(); },
  };
}

async function pickBackend() {
  try {
    const r = await fetch('api/info');
    if (r.ok && (await r.json()).server) return serverBackend();
  } catch (e) { /* no server: a static host */ }
  return workerBackend();
}

// record reads the first JSON record of a command's output.
function record(out) {
  return JSON.parse(out.split('\n').find((l) => l.trim() !== ''));
}

let busy = 0;
function working(delta) {
  busy += delta;
  $('progress').hidden = busy === 0;
  $('cancel').hidden = busy === 0;
}

// ask runs a command for the current puzzle; it resolves to null when the
// puzzle changed meanwhile or the work was cancelled.
async function ask(cmd, format) {
  const gen = generation;
  working(1);
  try {
    const out = await backend.call(cmd, format, puzzle);
    return gen === generation ? out : null;
  } catch (e) {
    if (gen !== generation || e.name === 'AbortError' || e.message === 'cancelled') return null;
    throw e;
  } finally {
    working(-1);
  }
}

function show(m) {
  if (!boards[m]) return;
  mode = m;
  $('board').innerHTML = boards[m];
  const svg = $('board').querySelector('svg');
  if (svg) {
    svg.removeAttribute('width');
    svg.removeAttribute('height');
  }
  $('show-marks').setAttribute('aria-pressed', String(m === 'marks'));
  moveCursor(0, 0);
}

function setVerdict(text, cls) {
  const v = $('verdict');
  v.textContent = text;
  v.className = cls;
  if (!verdictAt) {
    verdictAt = performance.now();
    v.dataset.ms = String(Math.round(verdictAt));
    $('timing').textContent = `Verdict ${Math.round(verdictAt)} ms after the page started loading, computed by ${backend.name}.`;
  }
}

function clearAnswers() {
  for (const id of ['verdict', 'reason', 'rating', 'hint', 'solution', 'path', 'timing']) $(id).textContent = '';
  $('verdict').className = '';
  $('solution-line').hidden = true;
  $('actions').hidden = true;
  $('path-box').open = false;
  boards = {};
  mode = '';
}

async function analyse(text) {
  text = text.trim();
  if (!text) return;
  if (busy) backend.cancel();
  generation++;
  puzzle = text + '\n';
  verdictAt = 0;
  clearAnswers();
  $('verdict').textContent = 'working…';
  try {
    // The board first, then the verdict, without another click.
    const check = ask('check', 'svg').then((svg) => {
      if (svg && !mode) { boards.puzzle = svg; show('puzzle'); }
    }).catch(() => {});
    const rec = record(await ask('unique', 'json') ?? 'null');
    if (!rec) return;
    await verdict(rec);
    await check;
  } catch (e) {
    setVerdict('invalid: ' + e.message, 'invalid');
  }
}

async function verdict(rec) {
  switch (rec.status) {
    case 'unique':
      setVerdict('unique: one solution', 'unique');
      $('actions').hidden = false;
      break;
    case 'multiple':
      setVerdict('multiple: more than one solution', 'multiple');
      $('reason').textContent = `Two solutions differ at ${(rec.differ || []).join(' ')} (highlighted); the board shows one of them. A second: ${rec.second || ''}`;
      boards.multiple = await ask('unique', 'svg');
      show('multiple');
      return;
    case 'none':
      setVerdict('none: no solution', 'none');
      // A clue that cannot hold says so (its conflicts); otherwise the
      // givens and the clues are each possible, but not together.
      $('reason').textContent = (rec.conflicts && rec.conflicts.length)
        ? rec.conflicts.join('; ')
        : 'The givens break no rule by themselves, but no grid completes them under the rules.';
      return;
    case 'invalid':
      setVerdict('invalid: the givens break the rules', 'invalid');
      $('reason').textContent = (rec.conflicts || []).join('; ') + ' (the cells at fault are highlighted)';
      return;
    case 'error':
      setVerdict('invalid: ' + (rec.error || 'the puzzle cannot be read'), 'invalid');
      return;
    default:
      setVerdict(rec.status + (rec.error ? ': ' + rec.error : ''), 'none');
      return;
  }
  // A unique puzzle: its true candidates, and its rating.
  const [marks, rate] = await Promise.all([ask('candidates', 'svg'), ask('rate', 'json').catch(() => null)]);
  if (marks) { boards.marks = marks; if (mode === 'puzzle' || !mode) show('marks'); }
  if (rate) {
    const r = record(rate);
    if (r.rating !== undefined) {
      $('rating').textContent = `Rating ${r.rating.toFixed(1)} (${r.level}), ${r.steps} steps, hardest: ${r.technique}.`;
    } else {
      $('rating').textContent = 'Rating: ' + r.status + (r.status === 'trial' ? ' (the techniques known do not solve it)' : '');
    }
  }
}

async function hint() {
  try {
    const [svg, out] = await Promise.all([ask('hint', 'svg'), ask('hint', 'json')]);
    if (!out) return;
    const r = record(out);
    $('hint').textContent = r.step ? `Hint: ${r.step.text}` : `Hint: ${r.status === 'trial' ? 'no technique applies; it needs trial' : r.status}`;
    if (svg) { boards.hint = svg; show('hint'); }
  } catch (e) {
    $('hint').textContent = 'Hint: ' + e.message;
  }
}

async function solution() {
  try {
    const [svg, out] = await Promise.all([ask('solve', 'svg'), ask('solve', 'json')]);
    if (!out) return;
    const r = record(out);
    $('solution').textContent = r.solution || '';
    $('solution-line').hidden = !r.solution;
    if (svg) { boards.solution = svg; show('solution'); }
  } catch (e) {
    $('hint').textContent = 'Solution: ' + e.message;
  }
}

async function path() {
  if (!$('path-box').open || $('path').childElementCount) return;
  try {
    const out = await ask('explain', 'json');
    if (!out) return;
    const r = record(out);
    const ol = $('path');
    ol.textContent = '';
    for (const st of r.path || []) {
      const li = document.createElement('li');
      li.textContent = st.text;
      ol.appendChild(li);
    }
    if (!(r.path || []).length) {
      const li = document.createElement('li');
      li.textContent = r.status === 'trial' ? 'No technique applies: it needs trial.' : r.status;
      ol.appendChild(li);
    }
  } catch (e) {
    $('path').textContent = e.message;
  }
}

// The keyboard on the board: arrow keys move a cursor, which the live
// region describes.
function moveCursor(dr, dc) {
  const cells = $('board').querySelectorAll('[data-cell]');
  if (!cells.length) return;
  const n = Math.round(Math.sqrt(cells.length));
  cursor = [Math.min(n - 1, Math.max(0, cursor[0] + dr)), Math.min(n - 1, Math.max(0, cursor[1] + dc))];
  for (const c of cells) c.classList.remove('cursor');
  const name = `r${cursor[0] + 1}c${cursor[1] + 1}`;
  const g = $('board').querySelector(`[data-cell="${name}"]`);
  if (!g) return;
  if (document.activeElement === $('board')) g.classList.add('cursor');
  const digit = g.dataset.digit;
  const marks = [...g.querySelectorAll('.marks text')].map((t) => t.textContent);
  let what = 'empty';
  if (digit) what = (g.querySelector('text.given') ? 'given ' : 'solved ') + digit;
  else if (marks.length) what = 'candidates ' + marks.join(' ');
  $('cell-info').textContent = `${name}: ${what}${g.dataset.highlight ? ', highlighted' : ''}`;
}

function keyOnBoard(e) {
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const m = moves[e.key];
  if (!m) return;
  e.preventDefault();
  moveCursor(m[0], m[1]);
}

// fromQuery reads ?load= and ?puzzle= from the raw query: an f-puzzles
// load string holds + and / unescaped, which URLSearchParams would spoil.
function fromQuery() {
  for (const part of location.search.replace(/^\?/, '').split('&')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq);
    let val = part.slice(eq + 1);
    if (val.includes('%')) {
      try { val = decodeURIComponent(val); } catch (e) { /* keep it raw */ }
    }
    if (key === 'load' && val) return 'https://www.f-puzzles.com/?load=' + val;
    if (key === 'puzzle' && val) return val;
  }
  return '';
}

async function main() {
  $('form').addEventListener('submit', (e) => { e.preventDefault(); analyse($('input').value); });
  $('input').addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); analyse($('input').value); }
  });
  $('input').addEventListener('paste', () => setTimeout(() => analyse($('input').value), 0));
  $('file').addEventListener('change', async () => {
    const f = $('file').files[0];
    if (f) { $('input').value = await f.text(); analyse($('input').value); }
  });
  document.addEventListener('dragover', (e) => { e.preventDefault(); document.body.classList.add('dragging'); });
  document.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
  document.addEventListener('drop', async (e) => {
    e.preventDefault();
    document.body.classList.remove('dragging');
    const f = e.dataTransfer.files[0];
    const text = f ? await f.text() : e.dataTransfer.getData('text/plain');
    if (text) { $('input').value = text; analyse(text); }
  });
  $('cancel').addEventListener('click', () => {
    backend.cancel();
    generation++;
    if (!$('verdict').className) $('verdict').textContent = 'cancelled';
  });
  $('hint-btn').addEventListener('click', hint);
  $('solution-btn').addEventListener('click', solution);
  $('show-marks').addEventListener('click', () => show(mode === 'marks' ? 'puzzle' : 'marks'));
  $('path-box').addEventListener('toggle', path);
  $('board').addEventListener('keydown', keyOnBoard);
  $('board').addEventListener('focus', () => moveCursor(0, 0));
  $('board').addEventListener('blur', () => {
    for (const c of $('board').querySelectorAll('.cursor')) c.classList.remove('cursor');
  });

  backend = await pickBackend();
  $('engine').textContent = 'Answers computed by ' + backend.name + '.';
  const q = fromQuery();
  if (q) {
    $('input').value = q;
    analyse(q);
  }
}

main();
