/* kvbench's pages: small helpers shared by the report and the comparison. No framework; Chart.js draws. */
'use strict';

// Errors go into the page too, where a test (and a reader) can see them.
const kvbenchErrors = [];
window.addEventListener('error', e => {
  kvbenchErrors.push(String(e.message));
  document.body.dataset.errors = kvbenchErrors.join(' | ');
});

const DATA = JSON.parse(document.getElementById('kvbench-data').textContent);

/** An element with attributes and children (strings become text). */
function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(e.dataset, v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

/** A millisecond figure as the text tables print it: 3 significant digits below 100, whole above. */
function ms(v) {
  if (v === undefined || v === null || Number.isNaN(v)) return '-';
  if (v >= 100) return Math.round(v).toLocaleString('en-US');
  if (v >= 1) return v.toFixed(2);
  return v.toPrecision(3);
}

function num(v, digits) {
  if (v === undefined || v === null || Number.isNaN(v)) return '-';
  return v.toLocaleString('en-US', { maximumFractionDigits: digits === undefined ? 1 : digits,
    minimumFractionDigits: digits === undefined ? 1 : digits });
}

/** A figure's value as the tables print it: one decimal, or bytes (a tenth below 10, whole above). */
function tableFigureText(v, f) {
  if (v === undefined || v === null || Number.isNaN(v)) return '-';
  if (f.format === 'bytes') return v < 10 ? v.toFixed(1) : num(v, 0);
  return num(v);
}

/** A figure with its interval and samples, as a tooltip says it. */
function figureText(r) {
  let t = r.figure === 'ops/s' ? ms(r.value) + ' ops/s (a pass of a fixed duration; higher is better)'
    : ms(r.value === undefined ? r.ms : r.value) + ' ms per pass';
  if (r.low !== undefined) t += ' (95 % ' + ms(r.low) + '-' + ms(r.high) + ')';
  t += ', ' + r.forks + ' fork' + (r.forks === 1 ? '' : 's') + ' × ' + Math.round(r.passes / Math.max(1, r.forks))
    + ' passes = ' + r.passes + ' samples';
  return t;
}

/** Charts the page drew, and how many of them finished drawing: a test reads both off the body. */
let chartsExpected = 0;
let chartsRendered = 0;
const renderedMark = {
  id: 'kvbenchRendered',
  afterRender(chart) {
    if (!chart.canvas.dataset.rendered) {
      chart.canvas.dataset.rendered = 'true';
      chartsRendered++;
      document.body.dataset.chartsRendered = chartsRendered;
    }
  }
};
const charts = [];
function chart(canvas, config) {
  chartsExpected++;
  document.body.dataset.chartsExpected = chartsExpected;
  config.options = Object.assign({ animation: false, responsive: true, maintainAspectRatio: false }, config.options);
  config.plugins = (config.plugins || []).concat([renderedMark]);
  const c = new Chart(canvas, config);
  charts.push(c);
  return c;
}
function destroyCharts() {
  while (charts.length) charts.pop().destroy();
  chartsExpected = 0;
  chartsRendered = 0;
  document.body.dataset.chartsExpected = 0;
  document.body.dataset.chartsRendered = 0;
}

/** Whether a log axis labels {@code v}: 1, 2 and 5 of each decade, so its labels never crowd. */
function logTick(v) {
  const decade = Math.pow(10, Math.floor(Math.log10(v) + 1e-9));
  return [1, 2, 5].some(m => Math.abs(v / decade - m) < 1e-6);
}

/** {@code text} in lines of about {@code width} characters, broken at spaces: a chart's multi-line label. */
function wrapLabel(text, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? line + ' ' + word : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const PALETTE = ['#3366cc', '#dc3912', '#ff9900', '#109618', '#990099', '#0099c6', '#dd4477', '#66aa00', '#b82e2e',
  '#316395', '#994499', '#22aa99', '#aaaa11', '#6633cc', '#e67300', '#8b0707'];
function colour(i) { return PALETTE[i % PALETTE.length]; }

/**
 * A table whose columns sort on a click and whose rows the caller filters: columns are
 * {title, value(row), text(row) or cell(row), num}; rows are plain objects.
 */
function sortableTable(columns, rows, onRowClick, rowClass) {
  let sortBy = -1;
  let ascending = true;
  const tbody = el('tbody');
  const heads = columns.map((c, i) => el('th', { class: 'sortable', title: 'sort by ' + c.title,
    onclick: () => { ascending = sortBy === i ? !ascending : true; sortBy = i; draw(); } }, c.title));
  const table = el('table', {}, el('thead', {}, el('tr', {}, heads)), tbody);
  let shown = rows;
  function draw() {
    heads.forEach((h, i) => h.className = 'sortable' + (i === sortBy ? (ascending ? ' sorted-asc' : ' sorted-desc') : ''));
    let ordered = shown.slice();
    if (sortBy >= 0) {
      const v = columns[sortBy].value;
      ordered.sort((a, b) => {
        const x = v(a), y = v(b);
        const missingX = x === undefined || x === null || Number.isNaN(x), missingY = y === undefined || y === null || Number.isNaN(y);
        if (missingX || missingY) return missingX - missingY;  // figures that are not there sort last either way
        const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
        return ascending ? c : -c;
      });
    }
    tbody.replaceChildren(...ordered.map(r => el('tr', {
      class: [onRowClick ? 'clickable' : '', rowClass ? rowClass(r) : ''].join(' ').trim() || null,
      onclick: onRowClick ? () => onRowClick(r) : null },
    columns.map(c => el('td', { class: c.num ? 'num' : null }, c.cell ? c.cell(r) : c.text ? c.text(r) : c.value(r))))));
  }
  draw();
  return { table, show(subset) { shown = subset; draw(); } };
}

/** A select of the distinct values of rows' key, "every" first. */
function filterSelect(label, values, onchange) {
  const select = el('select', { onchange }, el('option', { value: '' }, 'every ' + label),
    values.map(v => el('option', { value: v }, v)));
  return { control: el('label', {}, label, select), select };
}

function facts(pairs) {
  return el('dl', { class: 'facts' }, pairs.filter(p => p[1] !== undefined && p[1] !== null && p[1] !== '')
    .flatMap(([k, v]) => [el('dt', {}, k), el('dd', {}, v)]));
}

function marks(r) {
  const m = [];
  if (r.status === 'failed') m.push(el('span', { class: 'mark failed', title: r.why || '' }, 'FAILED'));
  if (r.status === 'unsupported') m.push(el('span', { class: 'mark unsupported', title: r.why || '' }, 'unsupported'));
  if (r.noisy > 0) m.push(el('span', { class: 'mark noisy', title: 'measured passes the host disturbed' }, 'NOISY ' + r.noisy + '/' + r.passes));
  if (r.unsteady > 0) m.push(el('span', { class: 'mark unsteady', title: 'forks whose passes still trended' }, 'UNSTEADY ' + r.unsteady + '/' + r.forks));
  return m;
}
