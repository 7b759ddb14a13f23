/* kvbench report: the overview (filters, table, a chart per workload and phase) and a page per cell (#cell=N). */
'use strict';

const app = document.getElementById('app');
const GROUPS = DATA.groups;
const ROWS = DATA.rows;
const CELLS = DATA.cells;

function header() {
  const runs = DATA.runs.map(r => r.scenario + ' (' + (r.started || 'start unknown') + ', '
    + ((r.environment && r.environment.hostname) || 'host unknown') + (r.completed ? '' : ', incomplete') + ')');
  return el('header', {}, el('h1', {}, el('a', { href: '#', style: 'color:inherit;text-decoration:none' }, DATA.title)),
    el('div', { class: 'meta' }, 'kvbench ' + DATA.kvbench + ' · ' + DATA.inputs.length + ' input(s): '
      + DATA.inputs.join(', ') + ' · runs: ' + runs.join('; ')));
}

function distinct(key) {
  return [...new Set(ROWS.map(r => r[key]).filter(v => v !== undefined && v !== null && v !== ''))].sort();
}

/** A row's value of a figure of the figure table, or undefined where it has none. */
function figureOf(r, f) {
  const v = r.figures ? r.figures[f.id] : undefined;
  return v === null ? undefined : v;
}


function overview() {
  destroyCharts();
  const filters = {};
  const controls = [];
  for (const [key, label] of [['store', 'store'], ['phase', 'phase'], ['version', 'version']]) {
    const f = filterSelect(label, distinct(key), apply);
    filters[key] = f.select;
    controls.push(f.control);
  }
  const workloads = [...new Set(GROUPS.map(g => g.workload))];
  const wf = filterSelect('workload', workloads, apply);
  controls.push(wf.control);
  const setting = el('input', { type: 'search', placeholder: 'e.g. writeMap=false', oninput: apply });
  controls.push(el('label', {}, 'setting contains', setting));
  const count = el('span', { class: 'note' });

  const group = r => GROUPS[r.group];
  const columns = [
    { title: 'Workload', value: r => group(r).workload + (r.swept ? ' · ' + r.swept : '') },
    { title: 'Phase', value: r => r.phase },
    { title: 'Store', value: r => r.label },
    { title: 'Version', value: r => r.version || '' },
    // each row in its own figure: ms a pass, or ops/s for a phase of a fixed duration (higher is better)
    { title: 'Figure', num: true, value: r => r.value, text: r => r.value === undefined ? '-' : ms(r.value) + ' ' + r.figure },
    { title: '95 % interval', num: true, value: r => r.low, text: r => r.low === undefined ? '-' : ms(r.low) + '-' + ms(r.high) },
    { title: 'min-max', num: true, value: r => r.min, text: r => r.min === undefined ? '-' : ms(r.min) + '-' + ms(r.max) },
    // a column per row of kvbench's figure table, in its order and format
    ...DATA.figureColumns.map(f => ({ title: f.heading, num: true, value: r => figureOf(r, f),
      text: r => tableFigureText(figureOf(r, f), f) })),
    { title: 'Forks×passes', num: true, value: r => r.passes,
      text: r => r.forks === undefined ? '-' : r.forks + '×' + Math.round(r.passes / Math.max(1, r.forks)) },
    { title: 'Check', value: r => r.status + ' ' + (r.check || ''),
      cell: r => el('span', {}, marks(r), r.status === 'ok' ? r.check.replace(/, (NOISY|UNSTEADY) [^,]*/g, '') : (r.why || '')) }
  ];
  const table = sortableTable(columns, ROWS, r => { location.hash = 'cell=' + r.cell; },
    r => r.reference ? 'reference' : '');
  const chartBox = el('div', { class: 'charts', id: 'charts' });

  function matches(r) {
    for (const key of Object.keys(filters)) {
      if (filters[key].value && r[key] !== filters[key].value) return false;
    }
    if (wf.select.value && group(r).workload !== wf.select.value) return false;
    if (setting.value && !(r.settings + ' ' + r.label).includes(setting.value.trim())) return false;
    return true;
  }
  function apply() {
    const shown = ROWS.filter(matches);
    table.show(shown);
    count.textContent = shown.length + ' of ' + ROWS.length + ' rows; click a row for its cell: passes, forks, noise,'
      + ' settings, environment';
    destroyCharts();
    chartBox.replaceChildren();
    for (const g of GROUPS) {
      const rows = shown.filter(r => r.group === g.id && r.status === 'ok' && !r.reference && r.ms > 0);
      // a rate curve's points: drawn in the capacity section, where their latencies say what their rates do not
      if (!rows.length || g.curvePoints) continue;
      const timed = rows.filter(r => r.timeline);
      // a sustained phase's pass is a duration: its timeline says more than its length; a phase at a
      // set rate keeps its own chart too (its latencies), its timeline beside it (offered and achieved)
      if (timed.length) TIMELINE_CHARTS.forEach((kind, i) => chartBox.append(timelineChart(g, timed, kind, i === 0)));
      if (!timed.length || !SUSTAINED_PHASES.has(g.phase)) chartBox.append(g.sweep ? sweepChart(g, rows) : phaseChart(g, rows));
    }
    for (const [workload, cells] of memoryByWorkload(shown)) chartBox.append(memoryChart(workload, cells));
    if (!chartBox.children.length) chartBox.append(el('p', { class: 'empty' }, GROUPS.some(g => g.curvePoints)
      ? 'The rows are the points of rate curves: see Capacity at the SLA below.' : 'No measured row matches the filters.'));
  }

  app.replaceChildren(header(), el('main', {},
    noiseBanner(),
    duetBanner(),
    el('div', { class: 'filters' }, controls),
    el('h2', {}, 'Charts'),
    el('p', { class: 'note' }, 'Bars: each store\'s figure (the median over its forks of each fork\'s median pass: ms a'
      + ' pass, or ops/s for a phase of a fixed duration), on a linear axis from 0, or a log axis where the stores are'
      + ' more than ten times apart (each chart switches). Whiskers: the 95 % interval of the forks\' typical figure (3 forks or more; one wider than'
      + ' the axis runs off the top). Dots: the samples,'
      + ' one per fork (or per measured pass without forks). Hover for the figure, its interval and how many samples stand'
      + ' behind it. A swept workload is drawn as lines over the swept value, one line per store.'),
    chartBox,
    el('h2', {}, 'Every phase of every cell'), count, table.table,
    el('p', { class: 'note' }, 'NOISY n/m: n of the m measured passes were disturbed by the host (other processes, waiting'
      + ' for a CPU, steal, a CPU held outside the process). UNSTEADY n/m: n of the m forks still trended: too short a'
      + ' warm-up. The null store keeps nothing: its rows (in italics) are the harness\'s own cost.'),
    capacity(),
    storeFacts(),
    published()));
  apply();
}

/**
 * A banner where the host disturbed passes: a warning where most were (the figures then say more of
 * the machine than of the stores), a note where some were; nothing on a quiet run.
 */
function noiseBanner() {
  const n = DATA.noise;
  if (!n || !n.noisy) return [];
  const most = n.noisy * 2 > n.passes;
  const why = Object.entries(n.marks).map(([m, count]) => count + ' ' + m.split(':')[0]).join(', ');
  return el('div', { class: most ? 'banner warning' : 'banner', id: 'noise-banner' },
    el('strong', {}, most ? 'Most measured passes were disturbed by the host: ' : 'Some measured passes were disturbed by the host: '),
    n.noisy + ' of ' + n.passes + ' (' + why + '). ',
    most ? 'These figures say as much of this machine as of the stores: a difference within its interval is noise.'
      + ' Run again on a quiet host (kvbench env says what is busy), wait for quiet before each fork (--wait-quiet),'
      + ' run the compared variants side by side (--duet), or give the cells CPUs of their own (--cpus).'
      : 'Their rows are marked NOISY; a small difference there may be the host\'s.');
}

/** A note where a run's figures were measured in duet (DATA.duet: the caveat, or absent). */
function duetBanner() {
  return DATA.duet ? el('div', { class: 'banner', id: 'duet-banner' }, el('strong', {}, 'Figures ' + DATA.duet + '.'))
    : [];
}

/** Each store's facts (DATA.facts: the table README.md has), or nothing. Not facts(): common.js's name-value list. */
function storeFacts() {
  const t = DATA.facts;
  if (!t || !t.rows.length) return [];
  return [el('h2', { id: 'stores' }, 'The stores'), el('p', { class: 'note' }, DATA.factsTitle + '.'),
    el('table', {}, el('thead', {}, el('tr', {}, t.columns.map(c => el('th', {}, c.title)))),
      el('tbody', {}, t.rows.map(r => el('tr', {}, r.map((v, i) => el('td', { class: t.columns[i].num ? 'num' : null }, v))))))];
}

/**
 * A rate sweep's or search's curves (DATA.capacity): per phase a chart of latency (log axis) against
 * the achieved throughput per store, the SLA's line and each store's capacity (a diamond), then the
 * capacities with their interval and ratio to the best. Saturated points are listed, not drawn.
 */
function capacity() {
  if (!DATA.capacity || !DATA.capacity.length) return [];
  const rate = v => Math.round(v).toLocaleString('en-US');
  return [el('h2', { id: 'capacity' }, 'Capacity at the SLA')].concat(DATA.capacity.map(g => {
    const drawn = c => c.points.filter(p => p.status !== 'saturated' && p.status !== 'harness_limited' && p.samples > 0);
    const lines = g.curves.map((c, i) => ({ label: c.label + (c.reference ? ' (harness)' : ''),
      data: drawn(c).map(p => ({ x: p.achieved, y: p.ms, p })), borderColor: colour(i), backgroundColor: colour(i),
      pointRadius: drawn(c).map(p => c.capacity && p.offered === c.capacity.rate ? 8 : 3),
      pointStyle: drawn(c).map(p => c.capacity && p.offered === c.capacity.rate ? 'rectRot' : 'circle'),
      borderWidth: 1.5, tension: 0 })).filter(l => l.data.length);
    const xs = lines.flatMap(l => l.data.map(d => d.x));
    if (g.limitMs && xs.length) {
      lines.push({ label: 'SLA ' + g.sla, data: [{ x: Math.min(...xs), y: g.limitMs }, { x: Math.max(...xs), y: g.limitMs }],
        borderColor: '#c62828', borderDash: [6, 4], pointRadius: 0, borderWidth: 1.5 });
    }
    const canvas = el('canvas', { 'aria-label': g.phase + ' · ' + g.workload + ': latency against throughput', role: 'img' });
    const box = el('div', { class: 'chart' }, el('h3', {}, g.phase + ' · ' + g.workload + ': ' + g.percentile
      + ' latency against achieved throughput'), el('div', { class: 'canvas' }, canvas));
    chart(canvas, { type: 'line', data: { datasets: lines }, options: { parsing: false, animation: false,
      plugins: { tooltip: { callbacks: { label(ctx) {
        const p = ctx.raw.p;
        return p ? ctx.dataset.label + ': offered ' + rate(p.offered) + ', achieved ' + rate(p.achieved) + ' ops/s, '
          + g.percentile + ' ' + num(p.ms, 3) + ' ms, ' + p.status.replace('_', ' ') + (p.why ? ' (' + p.why + ')' : '')
          + '; ' + p.forks + ' fork(s), ' + p.samples.toLocaleString('en-US') + ' latencies' : ctx.dataset.label;
      } } } },
      scales: { x: { type: xs.length && Math.max(...xs) / Math.max(1, Math.min(...xs)) >= 100 ? 'logarithmic' : 'linear',
        title: { display: true, text: 'achieved ops per second' } },
        y: { type: 'logarithmic', title: { display: true, text: g.percentile + ' latency from the intended start (ms)' } } } } });
    const rows = g.curves.filter(c => c.capacity).map(c => {
      const k = c.capacity;
      return el('tr', {}, el('td', {}, c.label + (c.reference ? ' (harness)' : '')),
        el('td', { class: 'num' }, (k.rate > 0 ? (k.atLeast ? '>= ' : '') + rate(k.rate) : '< ' + rate(c.points[0].offered))),
        el('td', { class: 'num' }, k.low === undefined ? '-' : rate(k.low) + '-' + rate(k.high)),
        el('td', { class: 'num' }, String(k.forks)),
        el('td', { class: 'num' }, c.reference ? 'harness' : k.ofBest === undefined ? '-' : k.ofBest.toFixed(2)),
        el('td', { class: 'num' }, k.brokeAt === undefined ? '-' : rate(k.brokeAt)),
        el('td', {}, (k.why || 'met at every rate tried') + (k.nearHarness && !c.reference ? '; limited by the harness' : '')));
    });
    const saturated = g.curves.flatMap(c => c.points.filter(p => p.status === 'saturated' || p.status === 'harness_limited')
      .map(p => c.label + ' at ' + rate(p.offered) + ' ops/s (achieved ' + rate(p.achieved) + ')'));
    return el('section', {}, box, g.sla ? el('table', {}, el('thead', {}, el('tr', {}, ['Store', 'Capacity ops/s',
      '95 % interval', 'Forks', 'x best', 'Broke at ops/s', 'Why'].map(h => el('th', {}, h)))), el('tbody', {}, rows)) : '',
      el('p', { class: 'note' }, (g.sla ? 'Capacity at ' + g.sla + ': the highest offered rate that met it, every lower'
        + ' rate met too; the interval is the bootstrap interval of the median of the forks\' own capacities. ' : '')
        + (saturated.length ? 'Saturated, not drawn (the clients achieved under 95 % of the offered rate: a queue\'s'
        + ' latency, not the store\'s): ' + saturated.join('; ') + '.' : '')));
  }));
}

/** The seeds' published figures beside the run's (DATA.published: the tables README.md has), or nothing. */
function published() {
  if (!DATA.published || !DATA.published.length) return [];
  // not sortable: a blank phase cell continues the group above it, as in README.md
  const plain = t => el('table', {}, el('thead', {}, el('tr', {}, t.columns.map(c => el('th', {}, c.title)))),
    el('tbody', {}, t.rows.map(r => el('tr', {}, r.map((v, i) => el('td', { class: t.columns[i].num ? 'num' : null }, v))))));
  return [el('h2', { id: 'published' }, 'Published figures beside this run\'s')].concat(DATA.published.map(p =>
    el('section', { class: 'published' },
      el('h3', {}, p.title + (DATA.published.some(o => o.section !== p.section) ? ' (' + p.section + ')' : '')),
      el('p', { class: 'note' }, 'Source: ' + p.source + '.'),
      p.timesNote ? [el('p', { class: 'note' }, p.timesNote), plain(p.times)] : [],
      p.regimeNote ? el('p', { class: 'note warning' }, p.regimeNote) : [],
      p.storage.rows.length ? [el('p', { class: 'note' }, 'Storage after close, the seed\'s bytes and this run\'s.'),
        plain(p.storage)] : [],
      p.storageNote ? el('p', { class: 'note' }, p.storageNote) : [],
      (p.claims || []).flatMap(c => [el('p', {}, el('q', {}, c.statement), ' (' + c.where + ')'),
        el('p', { class: 'note' }, 'It ' + c.expectation + '.'), plain(c.table)]))));
}

function phaseChart(g, rows) {
  // the best first: the least time, or the highest rate for a phase of a fixed duration
  const rate = rows[0].better === 'higher';
  rows = rows.slice().sort((a, b) => rate ? b.value - a.value : a.value - b.value);
  const labels = rows.map(r => r.label);
  const most = Math.max(...rows.map(r => r.samples.length));
  const values = rows.flatMap(r => [r.value, ...r.samples]).filter(v => v > 0);
  const top = Math.max(...values);
  // a linear axis from 0 turns stores ten times apart into slivers beside the slowest: a log axis then, switchable
  const spread = top / Math.max(Math.min(...values), 1e-12);
  const unit = rate ? 'ops/s' : 'ms per pass';
  const datasets = [
    { type: 'bar', label: 'figure', data: rows.map(r => r.value), backgroundColor: 'rgba(51,102,204,0.55)', grouped: false,
      order: 3 },
    { type: 'bar', label: '95 % interval', data: rows.map(r => r.low === undefined ? null : [r.low, r.high]),
      backgroundColor: 'rgba(29,35,48,0.35)', barPercentage: 0.025, grouped: false, order: 2 }
  ];
  for (let i = 0; i < most; i++) {
    datasets.push({ type: 'line', label: 'sample ' + (i + 1), showLine: false, pointRadius: 3, pointHoverRadius: 5,
      pointBackgroundColor: '#c62828', borderColor: '#fff', order: 1,
      data: rows.map(r => i < r.samples.length ? r.samples[i] : null) });
  }
  const canvas = el('canvas', { 'aria-label': g.workload + ': ' + g.phase, role: 'img' });
  const logBox = el('input', { type: 'checkbox', class: 'log-scale', checked: spread > 10 });
  const box = el('div', { class: 'chart', dataset: { scale: spread > 10 ? 'logarithmic' : 'linear' } },
    el('h3', {}, g.phase + ' · ' + g.workload),
    el('label', { class: 'note' }, logBox, ' log scale' + (spread > 10 ? ' (the stores are ' + Math.round(spread)
      + ' times apart: on a linear axis the fastest would be slivers)' : '')),
    el('div', { class: 'canvas' }, canvas));
  // the axis holds every figure and sample; an interval wider than that runs off the top (its ends are in the tooltip)
  const axis = log => log
    ? { type: 'logarithmic', min: Math.pow(10, Math.floor(Math.log10(Math.min(...values)))), max: niceCeil(top * 1.5),
      ticks: { callback: v => logTick(v) ? ms(v) : '' },
      title: { display: true, text: unit + ' (log scale)' } }
    : { type: 'linear', beginAtZero: true, max: niceCeil(top * 1.1), ticks: { includeBounds: false },
      title: { display: true, text: unit } };
  const drawn = chart(canvas, { data: { labels, datasets }, options: {
    plugins: { legend: { display: false }, tooltip: { callbacks: {
      label(ctx) {
        const r = rows[ctx.dataIndex];
        if (ctx.datasetIndex === 0) return figureText(r);
        if (ctx.datasetIndex === 1) return '95 % interval ' + ms(r.low) + '-' + ms(r.high) + ' ' + r.figure + ' (' + r.forks + ' forks)';
        return (r.forks > 1 ? 'fork ' : 'pass ') + (ctx.datasetIndex - 1) + ': ' + ms(ctx.parsed.y) + ' ' + r.figure;
      } } } },
    scales: { y: axis(logBox.checked), x: { ticks: { autoSkip: false, maxRotation: 40 } } },
    onClick(e, elements) { if (elements.length) location.hash = 'cell=' + rows[elements[0].index].cell; }
  } });
  logBox.addEventListener('change', () => {
    drawn.options.scales.y = axis(logBox.checked);
    box.dataset.scale = logBox.checked ? 'logarithmic' : 'linear';
    drawn.update();
  });
  return box;
}

/** The cells of the shown rows that recorded their memory, by workload: one stacked bar chart each. */
function memoryByWorkload(shown) {
  const out = new Map();
  const seen = new Set();
  for (const r of shown) {
    const c = CELLS[r.cell];
    const m = c && c.memory && (c.memory.afterPhases || c.memory.afterLoad);
    if (seen.has(r.cell) || !m || m.anonymousRssBytes === undefined) continue;
    seen.add(r.cell);
    if (GROUPS[r.group].curvePoints) continue;
    const workload = GROUPS[r.group].workload;
    if (!out.has(workload)) out.set(workload, []);
    // a two-line name where a workload is swept: the store, then its sizes
    out.get(workload).push({ cell: r.cell, label: r.swept ? [r.label, r.swept] : r.label, m });
  }
  return out;
}

/** The parts of a footprint a stacked bar shows, in MB: together they are the process's resident memory. */
const otherAnon = m => Math.max(0, m.anonymousRssBytes - m.heapUsedBytes - m.directBufferBytes);
const freeHeap = m => Math.min(Math.max(0, m.heapCommittedBytes - m.heapUsedBytes), otherAnon(m));
const MEMORY_PARTS = [
  ['live heap', m => m.heapUsedBytes, 'rgba(51,102,204,0.8)'],
  ['free heap (committed)', freeHeap, 'rgba(51,102,204,0.35)'],
  ['direct buffers', m => m.directBufferBytes, 'rgba(0,150,136,0.75)'],
  ['other anonymous (native, the JVM, heap not yet returned)', m => otherAnon(m) - freeHeap(m), 'rgba(255,152,0,0.75)'],
  ['file-backed (mapped files, jars)', m => m.fileRssBytes, 'rgba(156,39,176,0.6)'],
  // under --memory-limit only: what the cgroup's page cache holds beyond the mapped pages
  ['page cache, not mapped (under the limit)', m => m.pageCacheBytes === undefined || m.pageCacheBytes === null ? 0
    : Math.max(0, m.pageCacheBytes - m.fileRssBytes), 'rgba(121,85,72,0.45)']];

function memoryChart(workload, cells) {
  cells = cells.slice().sort((a, b) => (a.m.anonymousRssBytes + a.m.fileRssBytes) - (b.m.anonymousRssBytes + b.m.fileRssBytes));
  const canvas = el('canvas', { 'aria-label': workload + ': resident memory by store', role: 'img' });
  // one bar a row, its cell's name to the left: long names (a store with its settings and sizes) stay readable
  const twoLines = cells.some(c => Array.isArray(c.label));
  const box = el('div', { class: twoLines ? 'chart wide' : 'chart' }, el('h3', {}, 'resident memory after the phases · ' + workload),
    el('div', { class: 'canvas', style: 'height: ' + Math.max(300, 110 + (twoLines ? 34 : 24) * cells.length) + 'px' }, canvas));
  chart(canvas, { type: 'bar', data: { labels: cells.map(c => c.label), datasets: MEMORY_PARTS.map(([label, f, colour]) =>
    ({ label, data: cells.map(c => f(c.m) / 1e6), backgroundColor: colour })) }, options: {
    indexAxis: 'y',
    plugins: { tooltip: { callbacks: { label: ctx => ctx.dataset.label + ': ' + num(ctx.parsed.x, 1) + ' MB' } } },
    scales: { y: { stacked: true, ticks: { autoSkip: false } },
      x: { stacked: true, beginAtZero: true, title: { display: true, text: 'MB resident (heap after a full GC)' } } },
    onClick(e, elements) { if (elements.length) location.hash = 'cell=' + cells[elements[0].index].cell; }
  } });
  return box;
}

/** The phases whose pass is a duration that only a timeline describes. */
const SUSTAINED_PHASES = new Set(['sustain', 'churn', 'readwhilewriting']);

/** A sustained phase's charts over the seconds of each store's median pass. */
const TIMELINE_CHARTS = [
  { title: 'ops per second (stalled intervals ringed in red; readwhilewriting: the readers\' gets, the writer\'s puts'
    + ' dashed; at a set rate, what the rate and its shape offered dotted)', y: 'ops per second', figure: p => p.ops,
    writer: p => p.writerOps, offered: p => p.offered, rings: true },
  { title: 'longest op of each interval (readwhilewriting: a get; a put dashed)', y: 'ms (log scale)', log: true, rings: true,
    figure: p => p.maxMs > 0 ? p.maxMs : null, writer: p => p.writerMaxMs > 0 ? p.writerMaxMs : null },
  { title: 'writes the store itself stopped or delayed in each interval (its own counters: RocksDB\'s stops and'
    + ' delays; stalled intervals ringed)', y: 'writes stopped or delayed', figure: p => p.storeStalls, rings: true },
  { title: 'the store\'s bytes on disk (log scale where stores differ tenfold)', y: 'MB', figure: p => p.storageMb,
    logWhenWide: true },
  { title: 'device writes (the whole device)', y: 'MB per second', figure: p => p.deviceMbs },
  { title: 'CPU of every thread but the clients\' (the store\'s own, GC, JIT)', y: '% of a core', figure: p => p.otherCpu }];

function timelineChart(g, rows, { title, y, figure, log, writer: writerFigure, offered: offeredFigure, rings, logWhenWide },
  withSummary) {
  const offeredLines = !offeredFigure ? [] : rows.map((r, i) => {
    const points = r.timeline.points.filter(p => offeredFigure(p) !== undefined && offeredFigure(p) !== null);
    return { label: r.label + (r.swept ? ' · ' + r.swept : '') + ' offered', row: r, borderDash: [2, 2],
      data: points.map(p => ({ x: p.t, y: offeredFigure(p), p })), borderColor: colour(i), backgroundColor: colour(i),
      pointRadius: 0, borderWidth: 1, tension: 0 };
  }).filter(l => l.data.length > 1);
  const writerLines = !writerFigure ? [] : rows.map((r, i) => {
    const points = r.timeline.points.filter(p => writerFigure(p) !== undefined && writerFigure(p) !== null);
    return { label: r.label + (r.swept ? ' · ' + r.swept : '') + ' writer', row: r, borderDash: [5, 3],
      data: points.map(p => ({ x: p.t, y: writerFigure(p), p })), borderColor: colour(i), backgroundColor: colour(i),
      pointRadius: 0, borderWidth: 1, tension: 0 };
  }).filter(l => l.data.length > 1);
  const lines = rows.map((r, i) => {
    const points = r.timeline.points.filter(p => figure(p) !== undefined && figure(p) !== null);
    return { label: r.label + (r.swept ? ' · ' + r.swept : ''), row: r,
      data: points.map(p => ({ x: p.t, y: figure(p), p })), borderColor: colour(i), backgroundColor: colour(i),
      pointRadius: points.map(p => rings && p.stall ? 5 : 0),
      pointBorderColor: points.map(p => rings && p.stall ? '#c62828' : colour(i)),
      pointBorderWidth: points.map(p => rings && p.stall ? 2 : 0), borderWidth: 1.5, tension: 0 };
  }).filter(l => l.data.length > 1).concat(writerLines, offeredLines);
  if (logWhenWide) {
    const ends = lines.map(l => l.data[l.data.length - 1].y).filter(v => v > 0);
    log = ends.length > 1 && Math.max(...ends) / Math.min(...ends) >= 10;
  }
  const canvas = el('canvas', { 'aria-label': g.phase + ' · ' + g.workload + ': ' + title, role: 'img' });
  const box = el('div', { class: 'chart' }, el('h3', {}, g.phase + ' over time · ' + title), el('div', { class: 'canvas' }, canvas),
    withSummary ? el('p', { class: 'note' }, rows.map(r => timelineSummary(r)).join(' · ')) : '');
  if (!lines.length) {
    box.querySelector('.canvas').replaceChildren(el('p', { class: 'empty' }, 'Not recorded (a tmpfs has no device).'));
    return box;
  }
  chart(canvas, { type: 'line', data: { datasets: lines }, options: {
    parsing: false, animation: false,
    plugins: { tooltip: { callbacks: { label(ctx) {
      const p = ctx.raw.p;
      return ctx.dataset.label + ' at ' + p.t.toFixed(1) + ' s: ' + num(ctx.raw.y, ctx.raw.y < 10 ? 2 : 0)
        + (p.stall ? ' (stalled)' : '');
    } } } },
    scales: { x: { type: 'linear', title: { display: true, text: 'seconds into the pass' } },
      y: log ? { type: 'logarithmic', title: { display: true, text: y } }
        : { beginAtZero: true, title: { display: true, text: y } } },
    onClick(e, elements) { if (elements.length) location.hash = 'cell=' + lines[elements[0].datasetIndex].row.cell; }
  } });
  return box;
}

/** One store's timeline in words: its stalls, amplification and what its own counters say. */
function timelineSummary(r) {
  const t = r.timeline;
  const amp = t.writeAmp === null || t.writeAmp === undefined ? 'write amp unknown' : 'write amp ' + t.writeAmp.toFixed(2);
  return r.label + ': ' + (t.stalled || 0) + ' stalled interval(s), longest ' + (t.longestS || 0) + ' s; ' + amp
    + (t.spaceAmp ? ', space amp ' + t.spaceAmp.toFixed(2) : '') + (t.serialised ? ', writers serialised' : '')
    + '; store: ' + t.counters;
}

/** The smallest round number (1, 1.2, 1.5, 2 ... 8 times a power of ten) at or above v: an axis's top. */
function niceCeil(v) {
  if (!(v > 0)) return 1;
  const p = Math.pow(10, Math.floor(Math.log10(v)));
  return [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].map(m => m * p).find(c => c >= v * (1 - 1e-9));
}

function sweepChart(g, rows) {
  const byLabel = new Map();
  for (const r of rows) {
    const line = r.line || r.label;
    if (!byLabel.has(line)) byLabel.set(line, []);
    byLabel.get(line).push(r);
  }
  const xs = rows.map(r => r.x);
  const logX = Math.max(...xs) / Math.max(1e-9, Math.min(...xs)) >= 100;
  const lines = [...byLabel.entries()].map(([label, rs], i) => ({
    label, data: rs.sort((a, b) => a.x - b.x).map(r => ({ x: r.x, y: r.ms, row: r })),
    borderColor: colour(i), backgroundColor: colour(i), pointStyle: ['circle', 'rect', 'triangle', 'rectRot', 'star', 'crossRot'][i % 6],
    pointRadius: 4, borderDash: i >= PALETTE.length ? [6, 3] : []
  }));
  const canvas = el('canvas', { 'aria-label': g.workload + ': ' + g.phase + ' by ' + g.sweepTitle, role: 'img' });
  const box = el('div', { class: 'chart' }, el('h3', {}, g.phase + ' by ' + g.sweepTitle + ' · ' + g.workload),
    el('div', { class: 'canvas' }, canvas));
  chart(canvas, { type: 'line', data: { datasets: lines }, options: {
    parsing: false,
    plugins: { tooltip: { callbacks: { label(ctx) {
      const r = ctx.raw.row;
      return ctx.dataset.label + ' at ' + r.x.toLocaleString('en-US') + ': ' + figureText(r);
    } } } },
    scales: { x: { type: logX ? 'logarithmic' : 'linear', title: { display: true, text: g.sweepTitle } },
      y: { beginAtZero: true, title: { display: true, text: 'ms per pass' } } },
    onClick(e, elements) {
      if (elements.length) location.hash = 'cell=' + lines[elements[0].datasetIndex].data[elements[0].index].row.cell;
    }
  } });
  return box;
}

function cellPage(index) {
  destroyCharts();
  const c = CELLS[index];
  if (!c) {
    app.replaceChildren(header(), el('main', {}, el('p', {}, 'No cell ' + index + ' in this report. ', el('a', { href: '#' }, 'Back'))));
    return;
  }
  const run = DATA.runs[c.run] || {};
  const env = run.environment || {};
  const p = c.parameters || {};
  const parts = [el('p', {}, el('a', { href: '#' }, '← every cell')), el('h2', {}, c.label),
    facts([['cell', c.cellId], ['section', c.section], ['outcome', c.outcome + (c.error ? ': ' + c.error : '')],
      ['store', c.store], ['library', (c.library || '') + (c.libraryVersion ? ' ' + c.libraryVersion : '')],
      ['entries', p.entries !== undefined ? p.entries.toLocaleString('en-US') : undefined],
      ['keys', p.keys ? p.keys + ' (' + p.keySize + ' bytes), ' + p.order + ' order' : undefined],
      ['values', p.valueSize !== undefined ? p.valueSize + ' bytes' + (p.valueContent ? ', ' + p.valueContent : '')
        + (p.codec && p.codec !== 'none' ? ', codec ' + p.codec : '') : undefined],
      ['batch, durability', p.batchSize !== undefined ? p.batchSize.toLocaleString('en-US') + ' per commit, ' + p.durability : undefined],
      ['passes', p.measured !== undefined ? p.warmupPasses + ' warm-up (at least ' + p.warmupMillis + ' ms), '
        + p.measured + ' measured, per fork' : undefined],
      ['threads', p.threads > 1 ? p.threads : undefined],
      ['seed', p.seed]])];

  parts.push(el('h3', {}, 'Settings'), facts(Object.entries(c.settings || {}).map(([k, v]) => [k, v])));
  if (c.nativeSettings && Object.keys(c.nativeSettings).length) {
    parts.push(el('h3', {}, 'What the store was given (native settings)'),
      facts(Object.entries(c.nativeSettings).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)])));
  }
  if (c.libraryJars && c.libraryJars.length) {
    parts.push(el('h3', {}, 'Library jars'), sortableTable([
      { title: 'Coordinates', value: j => j.coordinates || j.file || '' },
      { title: 'SHA-256', value: j => j.sha256 || '', cell: j => el('code', {}, j.sha256 || '') }], c.libraryJars).table);
  }
  if (c.links && c.links.length) {
    parts.push(el('h3', {}, 'Histograms and profiles'),
      el('ul', {}, c.links.map(l => el('li', {}, el('a', { href: l.href }, l.label)))));
  }
  for (const ph of c.phases || []) parts.push(...phaseSection(c, ph));
  if (c.storage) {
    const s = c.storage;
    parts.push(el('h3', {}, 'Storage'), facts([
      ['bytes after close', s.allocatedBytes ? s.allocatedBytes.afterClose.toLocaleString('en-US') : undefined],
      ['apparent bytes', s.apparentBytes ? s.apparentBytes.afterClose.toLocaleString('en-US') : undefined],
      ['flat array of keys + values', s.flatBytes !== undefined ? s.flatBytes.toLocaleString('en-US') : undefined],
      ['overhead', s.overheadPercent !== undefined ? num(s.overheadPercent, 2) + ' %' : undefined]]));
  }
  if (c.memory) {
    const mb = v => v === undefined || v === null ? undefined : num(v / 1e6, 1) + ' MB';
    const footprint = (title, m) => m ? [el('h3', {}, title), facts([
      ['live heap (after a full GC) / committed', mb(m.heapUsedBytes) + ' / ' + mb(m.heapCommittedBytes)],
      ['direct / mapped buffers', mb(m.directBufferBytes) + ' / ' + mb(m.mappedBufferBytes)],
      ['resident anonymous / file-backed', m.anonymousRssBytes === undefined ? undefined
        : mb(m.anonymousRssBytes) + ' / ' + mb(m.fileRssBytes)],
      ['native memory committed (NMT)', mb(m.nativeCommittedBytes)],
      ['page cache of its memory cgroup (--memory-limit)', mb(m.pageCacheBytes)],
      ...Object.entries(m.store || {}).map(([k, v]) => [k, mb(v)])])] : [];
    parts.push(...footprint('Memory once loaded', c.memory.afterLoad), ...footprint('Memory after the phases', c.memory.afterPhases));
    const limit = c.memory.limit;
    if (limit) {
      parts.push(el('h3', {}, 'Memory limit'), facts([
        ['limit (page cache included)', (limit.limitBytes / 2 ** 20).toLocaleString('en-US') + ' MiB, cgroup v' + limit.cgroupVersion],
        ['OOM kills', String(limit.oomKills)],
        ['each pass\'s cgroup peak', limit.peakPerPass ? 'over that pass' : 'from the JVM\'s start to the pass\'s end']]));
    }
  }
  parts.push(el('h3', {}, 'Environment'), facts([
    ['host', env.hostname], ['CPU', env.cpuModel ? env.cpuModel + ', ' + env.cores + ' cores' : undefined],
    ['memory', env.ramBytes ? (env.ramBytes / 2 ** 30).toFixed(1) + ' GiB' : undefined],
    ['OS', [env.os, env.kernel, env.arch].filter(Boolean).join(' ')],
    ['JDK', [env.jdkVendor, env.jdkVersion, env.jvmName].filter(Boolean).join(' ')],
    ['work directory', env.workDir ? env.workDir + ' (' + env.workDirFileSystem + ')' : undefined],
    ['cell JVM flags', (env.cellJvmFlags || []).join(' ')],
    ['result file', run.source], ['command', (run.command || []).join(' ')]]));
  app.replaceChildren(header(), el('main', {}, parts));
  window.scrollTo(0, 0);
}

function phaseSection(c, ph) {
  const out = [el('h3', {}, ph.phase + ' · ' + ph.status)];
  const row = ROWS.find(r => r.cell === CELLS.indexOf(c) && r.phase === ph.phase);
  if (ph.status !== 'ok' || !row) {
    out.push(el('p', {}, ph.failure || ph.note || ''));
    return out;
  }
  // the judged figure, then every row of the figure table the phase has, as the overview's columns print them
  const figures = DATA.figureColumns.filter(f => figureOf(row, f) !== undefined)
    .map(f => tableFigureText(figureOf(row, f), f) + ' ' + f.heading + ' · ');
  out.push(el('p', {}, figureText(row), ' · ', ...figures,
    row.check.replace(/, (NOISY|UNSTEADY) [^,]*/g, ''), ' ', marks(row)));
  if (row.timeline) out.push(el('p', {}, 'Over time (the median pass, an interval of ' + row.timeline.interval + ' ms): '
    + timelineSummary(row)));
  const passes = ph.passes || [];
  if (!passes.length) return out;
  const forks = [...new Set(passes.map(x => x.fork))];
  const canvas = el('canvas', { 'aria-label': ph.phase + ': every measured pass', role: 'img' });
  out.push(el('div', { class: 'chart' }, el('div', { class: 'canvas', style: 'height:220px' }, canvas)));
  chart(canvas, { type: 'scatter', data: { datasets: forks.map((f, i) => ({
    label: 'fork ' + f, backgroundColor: colour(i), pointRadius: 4,
    data: passes.map((x, n) => ({ x: n + 1, y: x.passMillis, pass: x })).filter(d => d.pass.fork === f) })) },
  options: { parsing: false,
    plugins: { tooltip: { callbacks: { label(ctx) {
      const x = ctx.raw.pass;
      return 'fork ' + x.fork + ', pass ' + ctx.raw.x + ': ' + ms(x.passMillis) + ' ms'
        + (x.noise && x.noise.marks && x.noise.marks.length ? ' (noisy: ' + x.noise.marks.join(', ') + ')' : '');
    } } } },
    scales: { x: { title: { display: true, text: 'measured pass, in the order they ran' }, ticks: { precision: 0 } },
      y: { beginAtZero: true, title: { display: true, text: 'ms' } } } } });
  out.push(sortableTable([
    { title: 'Fork', num: true, value: x => x.fork },
    { title: 'ms', num: true, value: x => x.passMillis, text: x => ms(x.passMillis) },
    { title: 'ops', num: true, value: x => x.ops, text: x => x.ops.toLocaleString('en-US') },
    { title: 'ns/op', num: true, value: x => x.passMillis * 1e6 / x.ops, text: x => num(x.passMillis * 1e6 / x.ops) },
    { title: 'CPU user+sys ms', num: true, value: x => x.cpu ? x.cpu.userMillis + x.cpu.sysMillis : null,
      text: x => x.cpu ? num(x.cpu.userMillis + x.cpu.sysMillis) : '-' },
    { title: 'steal ms', num: true, value: x => noise(x, 'stealMillis'), text: x => num(noise(x, 'stealMillis')) },
    { title: 'waited for a CPU ms', num: true, value: x => noise(x, 'measuringThreadWaitMillis'),
      text: x => num(noise(x, 'measuringThreadWaitMillis')) },
    { title: 'other processes CPU ms', num: true, value: x => noise(x, 'otherProcessesCpuMillis'),
      text: x => num(noise(x, 'otherProcessesCpuMillis')) },
    { title: 'involuntary switches', num: true, value: x => noise(x, 'involuntarySwitches'),
      text: x => num(noise(x, 'involuntarySwitches'), 0) },
    { title: 'Noise marks', value: x => x.noise && x.noise.marks ? x.noise.marks.join(', ') : '' }], passes).table);
  return out;
}

function noise(pass, key) {
  return pass.noise ? pass.noise[key] : null;
}

function route() {
  const m = /^#cell=(\d+)$/.exec(location.hash);
  if (m) cellPage(Number(m[1]));
  else overview();
}
window.addEventListener('hashchange', route);
route();
