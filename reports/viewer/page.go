package viewer

// pageHead opens the page; its verbs are the title and the style sheet.
const pageHead = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%s</title>
<style>%s</style>
</head>
`

// pageBody is the static part of the body; its verb is the title.
const pageBody = `<body>
<header>
<h1>%s</h1>
<p id="meta" class="meta"></p>
<p id="outcome" class="outcome"></p>
<table id="row" class="row" hidden></table>
</header>
<main class="viewer">
<div id="left"><div id="board-wrap"><div id="board" role="img" aria-label="the layout"></div></div></div>
<aside id="side">
<div id="controls">
<button id="first" title="first (Home)">|◀</button><button id="prev" title="previous (←)">◀</button><button id="next" title="next (→)">▶</button><button id="last" title="last (End)">▶|</button><button id="play" title="play / pause (space)">play</button>
<input id="scrub" type="range" min="0" max="0" value="0" aria-label="move">
<label class="ocr-switch"><input id="ocr" type="checkbox"> original OCR</label>
</div>
<div id="status" data-n="0"></div>
<div id="info"></div>
<h2 class="list-title">Moves</h2>
<ol id="moves" start="0"></ol>
</aside>
</main>
<noscript><p>The viewer needs JavaScript to step through the moves.</p></noscript>
`

// pageStyle is the page's style sheet.
const pageStyle = `
body{font-family:"DejaVu Sans",Arial,Helvetica,sans-serif;margin:0;padding:10px 18px;color:#222;background:#fafafa}
h1{font-size:21px;margin:4px 0}
.meta,.outcome{margin:3px 0;font-size:14px;color:#444}
.outcome b.won{color:#17752c}.outcome b.lost{color:#a01818}
table.row{border-collapse:collapse;font-size:12px;margin:4px 0}
table.row td,table.row th{border:1px solid #ddd;padding:2px 6px}table.row th{background:#f0f0f0}
.viewer{display:grid;grid-template-columns:minmax(0,max-content) minmax(300px,520px);gap:14px;align-items:start;margin-top:8px}
@media (max-width:980px){.viewer{grid-template-columns:1fr}}
#board-wrap{position:relative;overflow:hidden;max-width:100%}
#board{position:relative;transform-origin:0 0;background:#2f6b40;border-radius:10px;box-shadow:inset 0 0 30px rgba(0,0,0,.35)}
.pile{position:absolute;width:56px;height:80px}
.slot{position:absolute;left:0;top:0;width:56px;height:80px;box-sizing:border-box;border:1px dashed rgba(255,255,255,.45);border-radius:5px;color:rgba(255,255,255,.7);font-size:10px;text-align:center;padding-top:32px}
.pile.from .slot,.pile.to .slot{border:2px solid #ffd84d}
.pile.to .card:last-child{box-shadow:0 0 0 3px #ffd84d}
.pile.from .card:last-child{box-shadow:0 0 0 2px #ffb347}
.count{position:absolute;right:-6px;top:-8px;background:#222;color:#fff;border-radius:8px;font-size:10px;padding:1px 5px;z-index:200}
.caption{position:absolute;color:#f3efd8;font-size:12px;font-style:italic;white-space:nowrap}
.card{position:absolute;left:0;top:0;width:56px;height:80px;box-sizing:border-box;border:1px solid #6d6d6d;border-radius:5px;background:#fff;color:#151515;font:600 13px/1 "DejaVu Sans",Arial,sans-serif;box-shadow:0 1px 2px rgba(0,0,0,.3)}
.card.red{color:#c2141d}
.card .ix{position:absolute;left:3px;top:3px;text-align:center;line-height:13px}
.card .pip{position:absolute;left:0;right:0;top:28px;text-align:center;font-size:30px;line-height:30px}
.card.back{background:repeating-linear-gradient(45deg,#27457f 0 3px,#3b61aa 3px 6px);border:1px solid #1b2d55;box-shadow:inset 0 0 0 3px #f4f4f4,0 1px 2px rgba(0,0,0,.3)}
#controls{display:flex;flex-wrap:wrap;gap:4px;align-items:center}
#controls button{font-size:15px;min-width:38px;padding:3px 6px;cursor:pointer}
#scrub{flex:1 1 160px}
.ocr-switch{font-size:13px;white-space:nowrap}
#status{margin:8px 0 4px;font-size:14px}
#info{background:#fff;border:1px solid #ddd;border-radius:6px;padding:6px 10px;font-size:13px;min-height:120px}
#info .desc{font-family:"DejaVu Sans Mono",monospace;font-size:13px;margin:4px 0 8px}
.rule{border-top:1px solid #eee;padding:4px 0}
.rule h3{font-size:13px;margin:4px 0}
.rule h3 code{font-size:13px;background:#eef2f8;padding:1px 4px;border-radius:3px}
.rule .role{color:#666;font-weight:normal}
.rule .summary{color:#555;font-style:italic;margin:3px 0}
blockquote{margin:4px 0 4px 6px;padding:4px 8px;border-left:3px solid #b9a46a;background:#fffdf3}
blockquote.ocr{display:none;border-left-color:#999;background:#f4f4f4;font-family:"DejaVu Serif",Georgia,serif}
#info.show-ocr blockquote.ocr{display:block}
.ref{color:#777;font-size:11px;margin:0 0 4px 8px}
.no-passage{color:#8a5a00;background:#fff6e0;border-left:3px solid #e0a800;padding:4px 8px;margin:4px 0}
.list-title{font-size:14px;margin:10px 0 4px}
#moves{max-height:42vh;overflow:auto;margin:0;padding:4px 4px 4px 46px;background:#fff;border:1px solid #ddd;border-radius:6px;font-size:12px;font-family:"DejaVu Sans Mono",monospace}
#moves li{cursor:pointer;padding:1px 2px;white-space:nowrap}
#moves li:hover{background:#eef2f8}
#moves li.cur{background:#ffe98a}
#moves li small{color:#777}
`

// pageScript renders the board and steps through the moves. The state
// after n moves is a checkpoint (every K moves) with at most K-1 moves'
// changes applied; a step re-renders only the piles whose cards changed.
const pageScript = `
(function () {
'use strict';
const D = JSON.parse(document.getElementById('deal-data').textContent);
const N = D.moves.length, K = 64;
const $ = id => document.getElementById(id);
const RANK = {A:'A',T:'10',J:'J',Q:'Q',K:'K'};
const SUIT = {C:'♣',D:'♦',H:'♥',S:'♠'};

function apply(p, m) { for (const x of m.x) p[x[0]] = p[x[0]].slice(0, 2 * x[1]) + x[2]; }
const checkpoints = [D.start.slice()];
(function () {
  const p = D.start.slice();
  for (let i = 0; i < N; i++) { apply(p, D.moves[i]); if ((i + 1) % K === 0) checkpoints.push(p.slice()); }
})();
function stateAt(n) {
  const b = Math.floor(n / K), p = checkpoints[b].slice();
  for (let i = b * K; i < n; i++) apply(p, D.moves[i]);
  return p;
}

// Board.
const board = $('board');
board.style.width = D.board.w + 'px';
$('board-wrap').style.width = D.board.w + 'px';
board.style.height = D.board.h + 'px';
for (const c of D.captions) {
  const el = document.createElement('div');
  el.className = 'caption'; el.textContent = c.text;
  el.style.left = c.x + 'px'; el.style.top = c.y + 'px';
  board.appendChild(el);
}
const pileEls = D.piles.map(function (p, i) {
  const el = document.createElement('div');
  el.className = 'pile kind-' + p.kind;
  el.dataset.pile = p.name;
  el.style.left = p.x + 'px'; el.style.top = p.y + 'px';
  const slot = document.createElement('div');
  slot.className = 'slot'; slot.textContent = p.label || p.name;
  el.appendChild(slot);
  const cards = document.createElement('div');
  el.appendChild(cards);
  el.cards = cards;
  board.appendChild(el);
  return el;
});
function makeCard(t) {
  const el = document.createElement('div');
  if (t === '##') { el.className = 'card back'; el.title = 'face down'; return el; }
  const r = RANK[t[0]] || t[0], s = SUIT[t[1]] || '?';
  el.className = (t[1] === 'D' || t[1] === 'H') ? 'card red' : 'card';
  el.dataset.c = t;
  const ix = document.createElement('span'); ix.className = 'ix';
  ix.append(r, document.createElement('br'), s);
  const pip = document.createElement('span'); pip.className = 'pip'; pip.textContent = s;
  el.append(ix, pip);
  el.title = r + s;
  return el;
}
const shown = D.piles.map(() => null);
function renderPile(i, s) {
  const p = D.piles[i], n = s.length / 2;
  let dx = p.dx, dy = p.dy;
  const step = Math.hypot(dx, dy);
  if (p.max > 0 && n > 1 && step * (n - 1) > p.max) { const f = p.max / (step * (n - 1)); dx *= f; dy *= f; }
  const frag = document.createDocumentFragment();
  for (let k = 0; k < n; k++) {
    const c = makeCard(s.substr(2 * k, 2));
    c.style.left = (k * dx).toFixed(1) + 'px'; c.style.top = (k * dy).toFixed(1) + 'px'; c.style.zIndex = k + 1;
    frag.appendChild(c);
  }
  if (n > 1 && Math.hypot(dx, dy) < 6) {
    const b = document.createElement('span'); b.className = 'count'; b.textContent = n;
    frag.appendChild(b);
  }
  pileEls[i].cards.replaceChildren(frag);
  pileEls[i].title = p.name + ' (' + p.kind + '): ' + n + (n === 1 ? ' card' : ' cards');
  shown[i] = s;
}

// Rules and passages.
const info = $('info');
function text(tag, cls, s) { const e = document.createElement(tag); if (cls) e.className = cls; e.textContent = s; return e; }
function ruleBlock(id, role) {
  const r = D.rules[id] || {kind: '', status: '', summary: '', passages: []};
  const sec = document.createElement('section');
  sec.className = 'rule'; sec.dataset.rule = id; sec.dataset.role = role;
  const h = document.createElement('h3');
  h.append(text('span', 'role', role + ' '), text('code', '', id));
  const meta = [r.kind, r.status].filter(Boolean).join(' · ');
  if (meta) h.append(text('span', 'role', ' ' + meta));
  sec.appendChild(h);
  if (r.summary) sec.appendChild(text('p', 'summary', r.summary));
  if (r.passages.length === 0) {
    let s = 'No passage of the book is linked to this rule.';
    if (r.status === 'lost') s = 'No passage in the book for this rule: the scan lost it.';
    else if (r.status === 'convention') s = 'No passage in the book for this rule: the book is silent or unclear, and the engine follows a convention.';
    if (r.source) s += ' Source: ' + r.source + '.';
    sec.appendChild(text('p', 'no-passage', s));
    return sec;
  }
  r.passages.forEach(function (p, k) {
    const q = text('blockquote', 'passage', p.modern);
    q.lang = 'ru'; q.title = 'OCR: ' + p.original;
    const o = text('blockquote', 'ocr', p.original);
    o.lang = 'ru';
    const ref = text('p', 'ref', 'corpus ' + p.ref + (k > 0 ? ' (another passage)' : ''));
    sec.append(q, o, ref);
  });
  return sec;
}
$('ocr').addEventListener('change', function () { info.classList.toggle('show-ocr', this.checked); });

// Header.
(function () {
  const m = [];
  if (D.titles_ru && D.titles_ru.length) m.push(D.titles_ru[0]);
  m.push(D.book, 'game ' + D.game, 'deal seed ' + D.seed);
  if (D.variant) m.push('variant ' + D.variant);
  if (D.strategy) m.push('strategy ' + D.strategy);
  $('meta').textContent = m.join(' · ');
  const o = D.outcome, out = $('outcome');
  const b = text('b', o.won ? 'won' : 'lost', o.won ? 'Won' : (o.ending === 'playing' ? 'Not finished' : 'Lost (' + o.ending + ')'));
  out.append(b, ' — score ' + o.score + '/' + o.total + ', ' + o.moves + ' moves, ' + o.redeals + ' redeal(s)');
  if (D.row) {
    const t = $('row'), keys = ['game', 'strategy', 'variant', 'deal_index', 'deal_seed', 'outcome', 'moves'];
    const hr = document.createElement('tr'), dr = document.createElement('tr');
    for (const k of keys) { hr.appendChild(text('th', '', k)); dr.appendChild(text('td', '', String(D.row[k]))); }
    t.append(hr, dr); t.hidden = false;
  }
})();

// Move list: built once; the current item is re-marked on each step.
const list = $('moves');
(function () {
  const frag = document.createDocumentFragment();
  const li0 = text('li', '', 'the deal');
  li0.dataset.n = 0; frag.appendChild(li0);
  for (let i = 0; i < N; i++) {
    const li = document.createElement('li');
    li.dataset.n = i + 1;
    li.append(D.moves[i].d.replace(/ \[[^\]]*\]$/, '') + ' ', text('small', '', D.moves[i].r));
    frag.appendChild(li);
  }
  list.appendChild(frag);
})();
list.addEventListener('click', function (e) {
  const li = e.target.closest('li');
  if (li) goTo(+li.dataset.n);
});

// Stepping.
let cur = -1, marked = null;
const scrub = $('scrub');
scrub.max = N;
function goTo(n) {
  n = Math.max(0, Math.min(N, n));
  if (n === cur) return;
  const p = (cur >= 0 && n === cur + 1) ? (apply(shownState, D.moves[cur]), shownState) : stateAt(n);
  for (let i = 0; i < p.length; i++) if (p[i] !== shown[i]) renderPile(i, p[i]);
  shownState = p;
  for (const el of board.querySelectorAll('.pile.from,.pile.to')) el.classList.remove('from', 'to');
  info.replaceChildren();
  const st = $('status');
  st.dataset.n = n;
  if (n === 0) {
    st.textContent = 'The deal · score ' + D.score + '/' + D.total + ' · ' + N + ' moves follow';
    for (const id of D.opening) info.appendChild(ruleBlock(id, 'deal'));
  } else {
    const m = D.moves[n - 1];
    st.textContent = 'Move ' + n + ' of ' + N + ' · ' + m.k + ' · score ' + m.s + '/' + D.total;
    pileEls[m.f].classList.add('from'); pileEls[m.t].classList.add('to');
    info.appendChild(text('p', 'desc', m.d));
    info.appendChild(ruleBlock(m.r, 'rule'));
    if (m.a) info.appendChild(ruleBlock(m.a, 'advice'));
  }
  if (n === N) {
    const o = D.outcome;
    info.appendChild(text('p', 'end', o.won ? 'The game is won.' : 'The game ends: ' + o.ending + '.'));
    const win = D.game + '/win';
    if (o.won && D.rules[win]) info.appendChild(ruleBlock(win, 'end'));
  }
  if (marked) marked.classList.remove('cur');
  marked = list.children[n];
  marked.classList.add('cur');
  const lr = list.getBoundingClientRect(), mr = marked.getBoundingClientRect();
  if (mr.top < lr.top || mr.bottom > lr.bottom) list.scrollTop += mr.top - lr.top - list.clientHeight / 2;
  scrub.value = n;
  cur = n;
  if (history.replaceState) history.replaceState(null, '', '#' + n);
}
let shownState = null;
let timer = null;
function play() {
  if (timer) { clearInterval(timer); timer = null; $('play').textContent = 'play'; return; }
  if (cur === N) goTo(0);
  $('play').textContent = 'pause';
  timer = setInterval(function () { if (cur >= N) { play(); return; } goTo(cur + 1); }, 350);
}
$('first').onclick = () => goTo(0);
$('prev').onclick = () => goTo(cur - 1);
$('next').onclick = () => goTo(cur + 1);
$('last').onclick = () => goTo(N);
$('play').onclick = play;
scrub.addEventListener('input', () => goTo(+scrub.value));
document.addEventListener('keydown', function (e) {
  if (e.target === scrub || e.altKey || e.ctrlKey || e.metaKey) return;
  const step = {ArrowRight: 1, ArrowLeft: -1, PageDown: 10, PageUp: -10}[e.key];
  if (step) goTo(cur + step);
  else if (e.key === 'Home') goTo(0);
  else if (e.key === 'End') goTo(N);
  else if (e.key === ' ' && e.target.tagName !== 'BUTTON') play();
  else return;
  e.preventDefault();
});

// Fit the board to the width available.
const wrap = $('board-wrap');
function fit() {
  const s = Math.min(1, wrap.clientWidth / D.board.w);
  board.style.transform = 'scale(' + s + ')';
  wrap.style.height = Math.ceil(D.board.h * s) + 'px';
}
window.addEventListener('resize', fit);
fit();
// A link may name the move to open at: page.html#12, #end.
const h = location.hash.slice(1);
goTo(h === 'end' ? N : (/^[0-9]+$/.test(h) ? +h : 0));
document.body.dataset.ready = '1';
})();
`
