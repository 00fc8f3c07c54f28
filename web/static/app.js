// satdoku's page. Every answer comes from satdoku itself, through the
// page's questions (package pageapi): from the server (satdoku serve,
// POST api/page/QUESTION) when one answers GET api/info, else from
// satdoku's page build for js/wasm, in Web Workers (worker.js). The board
// is the SVG that satdoku draws of the puzzle as given; what the user
// asks for (candidates, the solution, a hint, the clue report) is drawn
// over it here, and nothing else: no digit the puzzle does not give is
// shown unasked.
'use strict';

const $ = (id) => document.getElementById(id);
const SVGNS = 'http://www.w3.org/2000/svg';
let backend = null;
let generation = 0; // the puzzle being analysed; stale answers are dropped
let puzzle = ''; // its text
let view = null; // the answer to "view": n, givens, title …
let verdictRec = null;
let mode = ''; // the overlay shown: '', candidates, solution, hint, clues, end
let hintSteps = 0; // the steps applied in step play
let cursor = [0, 0];
let geom = {}; // cell name → {x, y, w, labelled}

// Backends: ask(q, req, lane) resolves to the JSON answer of question q,
// or rejects with its error; cancel() drops the work in hand.
// A lane is a queue of its own: "bg" (counts, estimates, ratings) never
// holds up "main" (what the user clicked).
function serverBackend() {
  let ctl = new AbortController();
  const post = async (url, body) => {
    const r = await fetch(url, { method: 'POST', body, signal: ctl.signal });
    const text = await r.text();
    if (!r.ok) {
      let msg = text;
      try { msg = JSON.parse(text).error; } catch (e) { /* not JSON */ }
      throw new Error(msg);
    }
    return text;
  };
  return {
    name: 'the server',
    async ask(q, req) { return JSON.parse(await post('api/page/' + q, JSON.stringify(req))); },
    cancel() { ctl.abort(); ctl = new AbortController(); },
  };
}

function workerBackend() {
  const lanes = {};
  let seq = 0;
  const lane = (name) => {
    if (lanes[name]) return lanes[name];
    const l = { pending: new Map(), worker: new Worker('worker.js') };
    const rejectAll = (msg) => {
      for (const p of l.pending.values()) p.reject(new Error(msg));
      l.pending.clear();
    };
    l.worker.onmessage = (e) => {
      const p = l.pending.get(e.data.id);
      if (!p) return;
      l.pending.delete(e.data.id);
      if (e.data.error) p.reject(new Error(e.data.error));
      else p.resolve(e.data.out);
    };
    l.worker.onerror = (e) => rejectAll(e.message || 'the worker failed');
    l.stop = () => { l.worker.terminate(); rejectAll('cancelled'); };
    lanes[name] = l;
    return l;
  };
  const post = (name, msg) => new Promise((resolve, reject) => {
    const l = lane(name);
    const id = ++seq;
    l.pending.set(id, { resolve, reject });
    l.worker.postMessage({ id, ...msg });
  });
  lane('main'); // load the WebAssembly now, not at the first question
  return {
    name: 'your browser (WebAssembly)',
    async ask(q, req, ln) { return JSON.parse(await post(ln || 'main', { q, body: JSON.stringify(req) })); },
    cancel() {
      for (const [name, l] of Object.entries(lanes)) {
        if (l.pending.size) { l.stop(); delete lanes[name]; }
      }
      if (!lanes.main) lane('main');
    },
  };
}

async function pickBackend() {
  try {
    const r = await fetch('api/info');
    if (r.ok && (await r.json()).server) return serverBackend();
  } catch (e) { /* no server: a static host */ }
  return workerBackend();
}

let busy = 0;
function working(delta, what) {
  busy += delta;
  $('progress').hidden = busy === 0;
  $('cancel').hidden = busy === 0;
  if (what && delta > 0) $('progress').textContent = 'Working: ' + what + '…';
}

// ask asks question q of the current puzzle; it resolves to null when
// the puzzle changed meanwhile or the work was cancelled.
async function ask(q, extra, lane) {
  const gen = generation;
  working(1, q);
  try {
    const out = await backend.ask(q, { puzzle, ...(extra || {}) }, lane);
    return gen === generation ? out : null;
  } catch (e) {
    if (gen !== generation || e.name === 'AbortError' || e.message === 'cancelled') return null;
    throw e;
  } finally {
    working(-1);
  }
}

// ---- the board ------------------------------------------------------

function cellsOf() { return $('board').querySelectorAll('[data-cell]'); }
function cellAt(name) { return $('board').querySelector(`[data-cell="${name}"]`); }
function cellName(i, n) { return `r${Math.floor(i / n) + 1}c${(i % n) + 1}`; }

function setBoard(svgText) {
  $('board').innerHTML = svgText;
  const svg = $('board').querySelector('svg');
  geom = {};
  if (!svg) return;
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  // The layer of highlights: over the background, under the clues.
  const layer = document.createElementNS(SVGNS, 'g');
  layer.setAttribute('class', 'hl-layer');
  const bg = svg.querySelector(':scope > rect');
  svg.insertBefore(layer, bg ? bg.nextSibling : svg.firstChild);
  for (const g of cellsOf()) {
    const r = g.querySelector('rect');
    geom[g.dataset.cell] = { x: +r.getAttribute('x'), y: +r.getAttribute('y'), w: +r.getAttribute('width') };
  }
  // Cells with a label in their top left corner (a cage's sum, a
  // clue's number): their marks keep below it.
  for (const t of svg.querySelectorAll('text:not([data-cell] text)')) {
    const x = +t.getAttribute('x'), y = +t.getAttribute('y');
    for (const c of Object.values(geom)) {
      if (x >= c.x && x < c.x + c.w * 0.6 && y >= c.y && y < c.y + c.w * 0.45) c.labelled = true;
    }
  }
  moveCursor(0, 0);
}

function placeholder(msg, cls) {
  const p = document.createElement('p');
  p.className = 'placeholder' + (cls ? ' ' + cls : '');
  p.textContent = msg;
  $('board').replaceChildren(p);
  $('cell-info').textContent = '';
  geom = {};
}

function el(name, attrs, text) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// clearOverlay takes away everything drawn over the puzzle: the board is
// the puzzle as given again.
function clearOverlay() {
  for (const e of $('board').querySelectorAll('.ov')) e.remove();
  const layer = $('board').querySelector('.hl-layer');
  if (layer) layer.replaceChildren();
  const givens = view ? view.givens : '';
  const n = view ? view.n : 0;
  for (const g of cellsOf()) {
    for (const k of ['candidates', 'counts', 'eliminate', 'place', 'clue', 'suggest', 'highlight']) delete g.dataset[k];
    g.removeAttribute('data-highlight');
    const t = g.querySelector('title.ov');
    if (t) t.remove();
    // The given digit, or none.
    const [r, c] = g.dataset.cell.slice(1).split('c').map(Number);
    const ch = givens[(r - 1) * n + c - 1];
    // '0' is a value too (a board of the values 0 to 8), '.' an empty cell.
    if (ch && ch !== '.') g.dataset.digit = String(parseInt(ch, 36));
    else delete g.dataset.digit;
  }
  $('legend').hidden = true;
  $('solution-line').hidden = true;
  $('clue-report').hidden = true;
  mode = '';
  for (const id of ['candidates-btn', 'solution-btn', 'hint-btn', 'clues-btn']) $(id).setAttribute('aria-pressed', 'false');
  $('apply-btn').hidden = true;
  refreshCursor();
}

// refreshCursor describes the cell under the cursor again, after the
// overlay changed.
function refreshCursor() { moveCursor(0, 0); }

function highlight(names, fill, opacity) {
  const layer = $('board').querySelector('.hl-layer');
  if (!layer) return;
  for (const name of names) {
    const c = geom[name];
    const g = cellAt(name);
    if (!c || !g) continue;
    layer.appendChild(el('rect', { x: c.x, y: c.y, width: c.w, height: c.w, fill: fill || '#ffe27a', 'fill-opacity': opacity || 1 }));
    g.dataset.highlight = '1';
  }
}

function putDigit(name, d, colour) {
  const c = geom[name];
  const g = cellAt(name);
  if (!c || !g || g.dataset.digit) return;
  const size = c.w * (view && view.n > 9 ? 0.5 : 0.62);
  g.appendChild(el('text', { class: 'ov solved', x: c.x + c.w / 2, y: c.y + c.w / 2 + 1, 'font-size': size, fill: colour || '#1746a2',
    'text-anchor': 'middle', 'dominant-baseline': 'central' }, d));
  g.dataset.digit = d;
}

// The colours of f-puzzles' solver for a candidate's solution count: one
// solution green, two to eight from light to full blue.
function countColour(k) {
  if (k === 1) return '#299b20';
  const t = Math.min(6, k - 2) / 6;
  const a = [0xaf, 0xaf, 0xff], b = [0x00, 0x00, 0xff];
  return '#' + a.map((v, i) => Math.round(v + t * (b[i] - v)).toString(16).padStart(2, '0')).join('');
}

// putMarks draws the candidates of one cell (a string of digits), each
// where a 3×3 (or √N) keypad puts it; opt.counts colours them by count,
// opt.struck (digits) strikes them, opt.place rings the digit placed.
function putMarks(name, marks, opt) {
  const c = geom[name];
  const g = cellAt(name);
  if (!c || !g || !marks) return;
  const n = view.n;
  const mw = Math.ceil(Math.sqrt(n)), mh = Math.ceil(n / mw);
  const top = c.labelled ? 0.3 : 0.07, bottom = 0.95, left = 0.07, right = 0.93;
  const ch = (bottom - top) * c.w / mh, cw = (right - left) * c.w / mw;
  // The same size in every cell; a labelled cell's rows sit closer.
  const size = Math.min(Math.min(0.88 * c.w / mh, cw) * 0.85, ch);
  const grp = el('g', { class: 'ov marks', 'font-size': size, 'text-anchor': 'middle', 'dominant-baseline': 'central' });
  const counts = opt && opt.counts;
  [...marks].forEach((m, k) => {
    const d = parseInt(m, 36);
    const x = c.x + left * c.w + ((d - 1) % mw + 0.5) * cw;
    const y = c.y + top * c.w + (Math.floor((d - 1) / mw) + 0.5) * ch;
    let fill = '#404040';
    if (counts) fill = countColour(counts[k]);
    const struck = opt && opt.struck && opt.struck.includes(m);
    const placed = opt && opt.place === m;
    if (struck) fill = '#a4262c';
    if (placed) {
      fill = '#1b6e20';
      grp.appendChild(el('circle', { cx: x, cy: y, r: size * 0.62, fill: 'none', stroke: '#1b6e20', 'stroke-width': 1.5 }));
    }
    grp.appendChild(el('text', { x, y, fill, 'font-weight': counts || struck || placed ? 'bold' : 'normal' }, m));
    if (struck) {
      grp.appendChild(el('line', { x1: x - size * 0.5, y1: y + size * 0.45, x2: x + size * 0.5, y2: y - size * 0.45, stroke: '#a4262c', 'stroke-width': 1.6 }));
    }
  });
  g.appendChild(grp);
  g.dataset.candidates = marks;
  if (counts) {
    g.dataset.counts = [...marks].map((m, k) => `${m}:${counts[k]}`).join(',');
    const cap = opt.cap;
    const t = el('title', { class: 'ov' }, `${name}: ` + [...marks].map((m, k) => `${m} in ${counts[k] >= cap ? cap + '+' : counts[k]} solution${counts[k] === 1 ? '' : 's'}`).join(', '));
    g.appendChild(t);
  }
}

// ---- the answers ----------------------------------------------------

function setVerdict(text, cls) {
  const v = $('verdict');
  v.textContent = text;
  v.className = cls;
}

function clearAnswers() {
  for (const id of ['verdict', 'reason', 'rating', 'hint', 'solution', 'path', 'path-end', 'timing', 'count', 'count-note', 'puzzle-title', 'puzzle-author', 'puzzle-rules']) $(id).textContent = '';
  $('verdict').className = '';
  delete $('verdict').dataset.ms;
  for (const id of ['solution-line', 'actions', 'count-line', 'warnings', 'clue-report', 'about', 'links', 'legend']) $(id).hidden = true;
  for (const b of document.querySelectorAll('button.link')) b.hidden = true;
  $('warnings').replaceChildren();
  $('clue-report').replaceChildren();
  $('path-box').open = false;
  $('path-box').hidden = true;
  view = null;
  verdictRec = null;
  mode = '';
  hintSteps = 0;
}

function fail(e, where) {
  $('hint').textContent = `${where}: ${e.message}`;
}

async function analyse(text) {
  if (busy) backend.cancel();
  generation++;
  clearAnswers();
  if (!text.trim()) {
    puzzle = '';
    placeholder('Nothing to analyse: the box is empty. Paste a puzzle, drop a file, or open one.');
    setVerdict('Nothing to analyse: paste a puzzle first', 'empty');
    return;
  }
  puzzle = text.trim() + '\n';
  placeholder('Reading the puzzle…');
  $('verdict').textContent = 'working…';
  try {
    const v = await ask('view');
    if (!v) return;
    if (v.error) {
      placeholder(v.error, 'error');
      setVerdict('invalid: ' + v.error, 'invalid');
      return;
    }
    view = v;
    setBoard(v.svg);
    showAbout(v);
    const t1 = performance.now();
    const r = await ask('verdict');
    if (!r) return;
    const ms = Math.round(performance.now() - t1);
    $('verdict').dataset.ms = String(ms);
    $('timing').textContent = `Verdict in ${ms} ms (satdoku's answer ${r.ms} ms), computed by ${backend.name}.`;
    verdict(r);
    links();
  } catch (e) {
    setVerdict('invalid: ' + e.message, 'invalid');
  }
}

function showAbout(v) {
  if (v.title || v.author || v.rules) {
    $('about').hidden = false;
    $('puzzle-title').textContent = v.title || '';
    $('puzzle-author').textContent = v.author ? 'by ' + v.author : '';
    $('puzzle-rules').textContent = v.rules || '';
  }
  const ws = [...(v.warnings || [])];
  if (v.unread && v.unread.length) {
    // Each rule of the rules text has its own warning above; this says
    // what every answer below may lack, those rules and what the reader
    // left unread (cosmetic marks, a background image).
    const last = v.unread.length - 1;
    const what = last ? `${v.unread.slice(0, last).join(', ')} and ${v.unread[last]}` : v.unread[0];
    ws.push(`The answers are for the rules as drawn, without ${what}.`);
  }
  for (const w of ws) {
    const li = document.createElement('li');
    li.textContent = w;
    $('warnings').appendChild(li);
  }
  $('warnings').hidden = ws.length === 0;
}

function verdict(rec) {
  verdictRec = rec;
  $('actions').hidden = false;
  $('path-box').hidden = false;
  switch (rec.status) {
    case 'unique':
      setVerdict('unique: one solution', 'unique');
      break;
    case 'multiple':
      setVerdict('multiple: more than one solution', 'multiple');
      $('reason').textContent = `Two solutions differ at ${(rec.differ || []).length} cells (highlighted): ${(rec.differ || []).join(' ')}.`;
      highlight(rec.differ || []);
      break;
    case 'none':
      setVerdict('none: no solution', 'none');
      // A clue that cannot hold says so (its conflicts); otherwise the
      // givens and the clues are each possible, but not together.
      $('reason').textContent = (rec.conflicts && rec.conflicts.length)
        ? rec.conflicts.join('; ')
        : 'The givens break no rule by themselves, but no grid completes them under the rules. The clue report names the clues in conflict.';
      break;
    case 'invalid':
      setVerdict('invalid: the givens break the rules', 'invalid');
      $('reason').textContent = (rec.conflicts || []).join('; ') + ' (the cells at fault are highlighted)';
      highlight(rec.conflictCells || [], '#ffb3b3');
      $('actions').hidden = true;
      return;
    default:
      setVerdict(rec.status + (rec.reason ? ': ' + rec.reason : ''), 'none');
      return;
  }
  count();
  if (rec.status === 'unique') rating();
}

// count shows the number of solutions: exact up to the limit, then an
// estimate, said to be one.
async function count() {
  const gen = generation;
  try {
    const c = await ask('count', {}, 'bg');
    if (!c) return;
    $('count-line').hidden = false;
    if (c.status === 'timeout') { $('count').textContent = 'unknown'; $('count-note').textContent = '(the count ran out of time)'; return; }
    $('count').textContent = c.more ? `${c.count}+` : String(c.count);
    if (!c.more) return;
    $('count-note').textContent = '(estimating…)';
    const e = await ask('estimate', {}, 'bg');
    if (!e || gen !== generation) return;
    if (e.exact) {
      $('count').textContent = String(e.estimate);
      $('count-note').textContent = '';
      return;
    }
    $('count').textContent = '≈ ' + big(e.estimate);
    $('count-note').textContent = `(an estimate from ${e.paths} random paths: 95% interval ${big(Math.max(e.low, c.count))} to ${big(e.high)}; at least ${c.count} counted)`;
  } catch (e) {
    if (gen === generation) $('count-note').textContent = e.message;
  }
}

function big(x) {
  if (x < 1e4) return String(Math.round(x));
  const units = [[1e12, 'trillion'], [1e9, 'billion'], [1e6, 'million'], [1e3, 'thousand']];
  for (const [v, w] of units) if (x >= v) return `${(x / v).toPrecision(3)} ${w}`;
  return String(Math.round(x));
}

async function rating() {
  try {
    const r = await ask('rate', {}, 'bg');
    if (!r) return;
    if (r.rating !== undefined) {
      $('rating').textContent = `Rating ${r.rating.toFixed(1)} (${r.level}), ${r.steps} steps, hardest: ${r.technique}.`;
    } else {
      $('rating').textContent = 'Rating: ' + (r.reason || r.status);
    }
  } catch (e) {
    $('rating').textContent = 'Rating: ' + e.message;
  }
}

// links shows a button for each tool the puzzle can open in, with the
// link satdoku's own writer makes (the question "links": by output
// format, as the command line names them); a tool that cannot hold the
// puzzle's rules keeps its button hidden, its reason in the title.
async function links() {
  let r;
  try {
    r = await ask('links', {}, 'bg');
  } catch (e) {
    return;
  }
  if (!r) return;
  for (const b of document.querySelectorAll('button.link')) {
    const url = (r.links || {})[b.dataset.format];
    if (!url) continue;
    b.dataset.url = url;
    b.hidden = false;
    $('links').hidden = false;
  }
}

function toggle(m) {
  if (mode === m) { clearOverlay(); restoreBase(); return false; }
  clearOverlay();
  restoreBase();
  return true;
}

// restoreBase redraws what stays under every overlay: the cells where two
// solutions differ.
function restoreBase() {
  if (verdictRec && verdictRec.status === 'multiple') highlight(verdictRec.differ || []);
}

function pressed(id) {
  $(id).setAttribute('aria-pressed', 'true');
}

async function candidates() {
  if (!toggle('candidates')) return;
  try {
    const t = performance.now();
    // A count past the limit spares the candidates counting again.
    const r = await ask('candidates', { many: /\+$|≈/.test($('count').textContent) });
    if (!r) return;
    clearOverlay();
    restoreBase();
    if (!r.marks) { $('hint').textContent = 'Candidates: ' + (r.reason || r.status); return; }
    mode = 'candidates';
    pressed('candidates-btn');
    const n = view.n;
    r.marks.forEach((m, i) => { if (m) putMarks(cellName(i, n), m, { counts: r.counts[i], cap: r.cap }); });
    const capped = r.cap < 1000 ? `, counted up to ${r.cap}` : '';
    $('legend').innerHTML = '';
    $('legend').append('True candidates, coloured by the solutions that hold each' + capped + ': ');
    for (const k of [1, 2, 4, 6, 8]) {
      const s = document.createElement('span');
      s.className = 'swatch';
      s.style.color = countColour(k);
      s.textContent = k === 8 ? '8+' : String(k);
      $('legend').append(s, ' ');
    }
    $('legend').append(`(the keyboard and a pointer read each count). ${Math.round(performance.now() - t)} ms.`);
    $('legend').hidden = false;
    refreshCursor();
  } catch (e) { fail(e, 'Candidates'); }
}

async function solution() {
  if (!toggle('solution')) { $('solution-line').hidden = true; return; }
  try {
    const r = await ask('solution');
    if (!r) return;
    clearOverlay();
    restoreBase();
    if (!r.solution) { $('hint').textContent = 'Solution: ' + (r.reason || r.status); return; }
    mode = 'solution';
    pressed('solution-btn');
    const n = view.n;
    [...r.solution].forEach((ch, i) => putDigit(cellName(i, n), String(parseInt(ch, 36))));
    $('solution').textContent = r.solution;
    $('solution-line').hidden = false;
    if (r.status === 'multiple') $('hint').textContent = 'One of the solutions: the highlighted cells differ in another.';
    refreshCursor();
  } catch (e) { fail(e, 'Solution'); }
}

// drawPosition draws a position of step play: the digits placed so far
// and the candidates left, with a step's eliminations struck and its
// placements ringed.
function drawPosition(pos, st) {
  const n = view.n;
  const struck = {}, place = {};
  for (const e of (st && st.eliminate) || []) struck[e.cell] = (struck[e.cell] || '') + e.digit;
  for (const p of (st && st.place) || []) place[p.cell] = String(p.digit);
  highlight([...new Set([...Object.keys(struck), ...Object.keys(place)])], '#fff1b8');
  pos.placed.forEach((d, i) => { if (d) putDigit(cellName(i, n), d); });
  pos.marks.forEach((m, i) => {
    const name = cellName(i, n);
    if (!m) return;
    putMarks(name, m, { struck: struck[name], place: place[name] });
    if (struck[name]) cellAt(name).dataset.eliminate = [...struck[name]].sort().join('');
    if (place[name]) cellAt(name).dataset.place = place[name];
  });
  refreshCursor();
}

async function hint(next) {
  if (!next && !toggle('hint')) { $('hint').textContent = ''; return; }
  try {
    const r = await ask('hint', { steps: hintSteps });
    if (!r) return;
    clearOverlay();
    restoreBase();
    mode = 'hint';
    pressed('hint-btn');
    if (r.status === 'hint' && r.step) {
      drawPosition(r, r.step);
      $('hint').textContent = `Hint${hintSteps ? ' (step ' + (hintSteps + 1) + ')' : ''}: ${r.step.text}`;
      $('apply-btn').hidden = false;
    } else if (r.status === 'solved') {
      drawPosition(r, null);
      $('hint').textContent = 'Solved: every cell holds a digit.';
    } else if (r.status === 'trial') {
      drawPosition(r, null);
      $('hint').textContent = verdictRec && verdictRec.status === 'multiple'
        ? `Hint: no technique applies here, after ${r.steps} step${r.steps === 1 ? '' : 's'}: the puzzle has more than one solution, so no logic can finish it.`
        : `Hint: no technique satdoku knows applies here, after ${r.steps} step${r.steps === 1 ? '' : 's'}; the next step needs trial (guess and check).`;
    } else {
      $('hint').textContent = 'Hint: ' + (r.reason || r.status);
    }
  } catch (e) { fail(e, 'Hint'); }
}

async function applyHint() {
  hintSteps++;
  await hint(true);
}

async function clues() {
  if (!toggle('clues')) { $('clue-report').hidden = true; return; }
  try {
    const r = await ask('clues');
    if (!r) return;
    clearOverlay();
    mode = 'clues';
    pressed('clues-btn');
    const box = $('clue-report');
    box.replaceChildren();
    box.hidden = false;
    const p = (text) => { const e = document.createElement('p'); e.textContent = text; box.appendChild(e); return e; };
    const list = (items) => {
      const ul = document.createElement('ul');
      for (const t of items) { const li = document.createElement('li'); li.textContent = t; ul.appendChild(li); }
      box.appendChild(ul);
    };
    const cl = r.clues || [];
    if (r.status === 'unique') {
      const red = cl.filter((c) => !c.needed && !c.undecided);
      const und = cl.filter((c) => c.undecided);
      for (const c of cl) {
        for (const name of c.cells) {
          const g = cellAt(name);
          if (!g) continue;
          if (c.kind === 'given') g.dataset.clue = c.needed ? 'needed' : c.undecided ? 'undecided' : 'redundant';
        }
        if (!c.needed && !c.undecided) markRedundant(c);
      }
      const certified = red.filter((c) => c.certified).length;
      p(`Clue report: ${cl.length - red.length - und.length} of ${cl.length} clues are needed; ${red.length} redundant, struck in red on the board: without any one of them the puzzle is still unique` +
        (red.length ? ` (${certified === red.length ? 'each' : certified + ' of them'} confirmed by the validator's own count)` : '') + '.' +
        (und.length ? ` ${und.length} undecided in the time given.` : ''));
      if (red.length) list(red.map((c) => c.text));
      if ((r.removable || []).length > 1) p(`These ${r.removable.length} can all go together: ${(r.removable || []).map((i) => cl[i].text).join('; ')}.`);
    } else if (r.status === 'multiple') {
      highlight(r.differ || []);
      p(`Clue report: ${r.count}${r.countAtLeast ? ' or more' : ''} solutions; they differ in the highlighted cells.`);
      const sug = r.suggest || [];
      for (const s of sug) {
        const g = cellAt(s.cell);
        if (g) g.dataset.suggest = (g.dataset.suggest ? g.dataset.suggest : '') + s.digit;
      }
      for (const g of $('board').querySelectorAll('[data-suggest]')) putMarks(g.dataset.cell, g.dataset.suggest, { place: sug.find((s) => s.cell === g.dataset.cell && s.leaves === 1) ? String(sug.find((s) => s.cell === g.dataset.cell && s.leaves === 1).digit) : '' });
      if (sug.length) {
        p(sug.some((s) => s.leaves === 1)
          ? 'Givens that alone make the puzzle unique (ringed in their cells):'
          : `No single given makes it unique; the digits of ${sug[0].cell} split the solutions most evenly (drawn in the cell):`);
        list(sug.map((s) => `${s.digit} in ${s.cell}: leaves ${s.leaves}${s.atLeast ? ' or more' : ''} solution${s.leaves === 1 ? ' (unique)' : 's'}`));
      }
    } else if (r.status === 'none') {
      const bad = (r.conflict || []).map((i) => cl[i]);
      for (const c of bad) markRedundant(c, '#ffb3b3');
      p('Clue report: no solution. Without these clues together the puzzle has one (shaded red):');
      list(bad.map((c) => c.text));
    } else {
      p('Clue report: ' + (r.reason || r.status));
    }
    refreshCursor();
  } catch (e) { fail(e, 'Clue report'); }
}

// markRedundant draws a clue that can go: a given struck through, a
// clue's cells outlined in red.
function markRedundant(c, fill) {
  if (fill) { highlight(c.cells, fill); return; }
  for (const name of c.cells) {
    const g = cellAt(name), k = geom[name];
    if (!g || !k) continue;
    if (c.kind === 'given') {
      g.appendChild(el('line', { class: 'ov', x1: k.x + k.w * 0.2, y1: k.y + k.w * 0.8, x2: k.x + k.w * 0.8, y2: k.y + k.w * 0.2, stroke: '#a4262c', 'stroke-width': 3 }));
    } else {
      g.appendChild(el('rect', { class: 'ov', x: k.x + 3, y: k.y + 3, width: k.w - 6, height: k.w - 6, fill: 'none', stroke: '#a4262c', 'stroke-width': 2, 'stroke-dasharray': '4 3' }));
    }
  }
}

async function path() {
  if (!$('path-box').open || $('path').childElementCount) return;
  try {
    const r = await ask('path');
    if (!r) return;
    const ol = $('path');
    ol.textContent = '';
    for (const st of r.path || []) {
      const li = document.createElement('li');
      li.textContent = st.text;
      ol.appendChild(li);
    }
    const end = $('path-end');
    end.textContent = '';
    if (r.status === 'solved') {
      end.textContent = `Solved by logic in ${(r.path || []).length} steps.`;
    } else if (r.status === 'trial' && r.end) {
      const k = (r.path || []).length;
      const why = verdictRec && verdictRec.status === 'multiple'
        ? 'the puzzle has more than one solution, so no logic can finish it'
        : 'no technique satdoku knows applies there, and the next step needs trial (guess and check)';
      end.textContent = `The logic stops after ${k} step${k === 1 ? '' : 's'}, with ${r.end.empty} cells empty and ${r.end.candidates} candidates left: ${why}. `;
      const b = document.createElement('button');
      b.type = 'button';
      b.id = 'path-end-btn';
      b.textContent = 'Show where it stops';
      b.addEventListener('click', () => {
        clearOverlay();
        restoreBase();
        mode = 'end';
        drawPosition(r.end, null);
      });
      end.appendChild(b);
    } else {
      end.textContent = 'No logical path: ' + (r.reason || r.status);
    }
  } catch (e) {
    $('path-end').textContent = e.message;
  }
}

// The keyboard on the board: arrow keys move a cursor, which the live
// region describes.
function moveCursor(dr, dc) {
  const cells = cellsOf();
  if (!cells.length) return;
  const n = Math.round(Math.sqrt(cells.length));
  cursor = [Math.min(n - 1, Math.max(0, cursor[0] + dr)), Math.min(n - 1, Math.max(0, cursor[1] + dc))];
  for (const c of cells) c.classList.remove('cursor');
  const name = `r${cursor[0] + 1}c${cursor[1] + 1}`;
  const g = cellAt(name);
  if (!g) return;
  if (document.activeElement === $('board')) g.classList.add('cursor');
  const d = g.dataset;
  let what = 'empty';
  if (d.digit) what = (g.querySelector('text.given') ? 'given ' : 'solved ') + d.digit;
  else if (d.counts) {
    what = 'candidates ' + d.counts.split(',').map((p) => {
      const [m, k] = p.split(':');
      return `${m} in ${k} solution${k === '1' ? '' : 's'}`;
    }).join(', ');
  }
  else if (d.candidates) what = 'candidates ' + [...d.candidates].join(' ');
  if (d.eliminate) what += ', the hint removes ' + [...d.eliminate].join(' ');
  if (d.place) what += ', the hint places ' + d.place;
  if (d.clue) what += ', ' + d.clue + ' clue';
  $('cell-info').textContent = `${name}: ${what}${d.highlight ? ', highlighted' : ''}`;
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
    // The answers shown stay; what was being computed stops.
    if (!$('verdict').className) $('verdict').textContent = 'cancelled';
    $('hint').textContent = 'Cancelled.';
    if ($('count-note').textContent === '(estimating…)') $('count-note').textContent = '(estimate cancelled)';
  });
  $('candidates-btn').addEventListener('click', candidates);
  $('solution-btn').addEventListener('click', solution);
  $('hint-btn').addEventListener('click', () => { hintSteps = 0; hint(false); });
  $('apply-btn').addEventListener('click', applyHint);
  $('clues-btn').addEventListener('click', clues);
  for (const b of document.querySelectorAll('button.link')) {
    b.addEventListener('click', () => { if (b.dataset.url) window.open(b.dataset.url, '_blank', 'noopener'); });
  }
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
