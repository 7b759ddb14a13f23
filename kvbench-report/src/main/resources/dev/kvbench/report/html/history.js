/* kvbench history --html: a chart per series (forks as dots, segments between change points shaded), the changes, the runs. */
'use strict';

const app = document.getElementById('app');
const RUNS = new Map(DATA.runs.map(r => [r.number, r]));
const SERIES = DATA.series.map((s, i) => Object.assign({ id: i, label: s.cell + ' · ' + s.phase }, s));
const severalHosts = new Set(SERIES.map(s => s.hostClass)).size > 1;

function runName(n) {
  const r = RUNS.get(n);
  return 'run ' + n + (r && r.revision ? ' (' + r.revision.substring(0, 12) + ')' : '');
}

function runLink(n) {
  const r = RUNS.get(n);
  return r && r.link ? el('a', { href: r.link }, runName(n)) : runName(n);
}

function percentText(c) {
  return (c.percent > 0 ? '+' : '') + c.percent.toFixed(1) + ' %';
}

// the segments between change points shaded in turn, each change point a labelled line, each note a flag
const segmentsPlugin = {
  id: 'kvbenchSegments',
  beforeDatasetsDraw(c) {
    const s = c.config.options.kvbenchSeries;
    const x = c.scales.x;
    const area = c.chartArea;
    const ctx = c.ctx;
    const bounds = [s.points[0].run - 0.5].concat(s.changes.map(ch => ch.run - 0.5), [s.points[s.points.length - 1].run + 0.5]);
    ctx.save();
    for (let i = 0; i + 1 < bounds.length; i++) {
      ctx.fillStyle = i % 2 === 0 ? 'rgba(51,102,204,0.06)' : 'rgba(255,153,0,0.10)';
      const left = Math.max(area.left, x.getPixelForValue(bounds[i]));
      const right = Math.min(area.right, x.getPixelForValue(bounds[i + 1]));
      ctx.fillRect(left, area.top, right - left, area.bottom - area.top);
    }
    ctx.restore();
  },
  afterDatasetsDraw(c) {
    const s = c.config.options.kvbenchSeries;
    const x = c.scales.x;
    const area = c.chartArea;
    const ctx = c.ctx;
    ctx.save();
    ctx.font = '11px sans-serif';
    for (const ch of s.changes) {
      const px = x.getPixelForValue(ch.run - 0.5);
      ctx.strokeStyle = ch.direction === 'slower' ? '#c62828' : '#2e7d32';
      ctx.setLineDash([5, 3]);
      ctx.beginPath();
      ctx.moveTo(px, area.top);
      ctx.lineTo(px, area.bottom);
      ctx.stroke();
      ctx.fillStyle = ctx.strokeStyle;
      ctx.fillText(percentText(ch) + (ch.note ? ' (noted)' : ''), px + 3, area.top + 12);
    }
    ctx.fillStyle = '#6a1b9a';
    for (const p of s.points) {
      const r = RUNS.get(p.run);
      if (r && r.note) ctx.fillText('✎', x.getPixelForValue(p.run) - 4, area.bottom - 4);
    }
    ctx.restore();
  }
};

// a series' value is ms per op; a phase of a fixed duration is shown by its rate, ops/s (1000 / ms per op)
function value(s, msPerOp) {
  return s.shownAs === 'ops/s' ? (msPerOp > 0 ? 1000 / msPerOp : 0) : msPerOp;
}

function valueText(s, msPerOp) {
  return s.shownAs === 'ops/s' ? num(value(s, msPerOp), 0) + ' ops/s' : ms(msPerOp) + ' ms per op';
}

function seriesChart(s) {
  const canvas = el('canvas', { 'aria-label': 'ms per op of ' + s.label + ' over the runs', role: 'img' });
  const bounds = [0].concat(s.changes.map(c => c.index), [s.points.length]);
  const segments = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const pts = s.points.slice(bounds[i], bounds[i + 1]);
    const mean = value(s, pts.reduce((a, p) => a + p.millisPerOp, 0) / pts.length);
    segments.push({ label: i === 0 ? 'segment mean' : 'segment mean ' + (i + 1), type: 'line',
      data: [{ x: pts[0].run - 0.5, y: mean }, { x: pts[pts.length - 1].run + 0.5, y: mean }],
      borderColor: '#1d2330', borderDash: [6, 4], borderWidth: 1.5, pointRadius: 0, order: 3 });
  }
  const forks = s.points.flatMap(p => p.forks.map(f => ({ x: p.run, y: value(s, f.millisPerOp), fork: f.fork,
    disturbed: f.disturbed })));
  const gaps = s.gaps.map(g => ({ x: g.run, y: null, why: g.why }));
  const lowest = Math.min(...s.points.map(p => value(s, p.millisPerOp)), ...forks.map(f => f.y));
  const datasets = [
    { label: 'forks', type: 'scatter', data: forks, order: 2, pointRadius: 3,
      backgroundColor: forks.map(f => f.disturbed ? 'rgba(0,0,0,0)' : 'rgba(51,102,204,0.55)'),
      borderColor: forks.map(f => f.disturbed ? '#9e9e9e' : '#3366cc') },
    { label: 'run (mean of its forks)', type: 'line', data: s.points.map(p => ({ x: p.run, y: value(s, p.millisPerOp) })),
      borderColor: '#dc3912', backgroundColor: '#dc3912', pointRadius: 2, borderWidth: 1.5, order: 1 }
  ].concat(segments);
  if (gaps.length) {
    datasets.push({ label: 'no figure', type: 'scatter', data: gaps.map(g => ({ x: g.x, y: lowest, why: g.why })),
      pointStyle: 'crossRot', pointRadius: 6, borderColor: '#c62828', order: 0 });
  }
  const first = Math.min(...s.points.map(p => p.run), ...s.gaps.map(g => g.run));
  const last = Math.max(...s.points.map(p => p.run), ...s.gaps.map(g => g.run));
  const box = el('div', { class: 'canvas', style: 'height:260px' }, canvas);
  chart(canvas, {
    type: 'scatter',
    data: { datasets },
    options: {
      kvbenchSeries: s,
      plugins: {
        legend: { position: 'bottom', labels: { filter: item => !/^segment mean \d/.test(item.text) } },
        tooltip: { callbacks: { label(ctx) {
          const d = ctx.raw;
          const unit = s.shownAs === 'ops/s' ? ' ops/s' : ' ms per op';
          if (ctx.dataset.label === 'forks') return runName(d.x) + ', fork ' + d.fork + ': ' + ms(d.y) + unit
            + (d.disturbed ? ' (disturbed' + (DATA.noisyForks === 'keep' ? ', counted)' : ', left out)') : '');
          if (ctx.dataset.label === 'no figure') return runName(d.x) + ': ' + d.why;
          if (ctx.dataset.label.startsWith('segment')) return ctx.dataset.label + ': ' + ms(d.y) + unit;
          const r = RUNS.get(d.x);
          // the run's other figures, each row of the figure table its phase has, as the run's tables print them
          const point = s.points.find(p => p.run === d.x);
          const figures = (DATA.figureColumns || []).filter(f => point && point.figures && point.figures[f.id] !== undefined)
            .map(f => ' · ' + tableFigureText(point.figures[f.id], f) + ' ' + f.heading).join('');
          return runName(d.x) + ': ' + ms(d.y) + unit + figures + (r && r.note ? ' · note: ' + r.note : '');
        } } }
      },
      scales: {
        x: { type: 'linear', min: first - 0.5, max: last + 0.5, title: { display: true, text: 'run' },
          // a tick on each run (at most 40 labelled), not on the half-runs the bounds fall on
          afterBuildTicks: axis => {
            const every = Math.max(1, Math.ceil((last - first + 1) / 40));
            axis.ticks = [];
            for (let v = first; v <= last; v += every) axis.ticks.push({ value: v });
          } },
        y: { title: { display: true, text: s.shownAs === 'ops/s' ? 'ops/s (a phase of a fixed duration; higher is better)'
          : 'ms per op (' + DATA.figure + ')' }, ticks: { callback: v => ms(v) } }
      }
    },
    plugins: [segmentsPlugin]
  });
  return el('section', { class: 'series', id: 'series-' + s.id },
    el('h3', {}, s.label + (severalHosts ? ' — ' + s.hostClass : '')),
    el('p', { class: 'note' }, s.points.length + ' runs with a figure' + (s.gaps.length ? ', ' + s.gaps.length + ' without' : '')
      + '; ' + (s.changes.length ? s.changes.map(c => percentText(c) + ' ' + c.direction + ' from ' + runName(c.run)
        + ' (p ' + c.pValue.toExponential(1) + ')' + (c.note ? ', noted: ' + c.note : '')).join('; ') : 'no change point')
      + (s.gaps.length ? '. Without a figure: ' + s.gaps.map(g => runName(g.run) + ', ' + g.why).join('; ') : '')),
    box);
}

function gateBox() {
  const g = DATA.gate;
  if (!g) return null;
  const lines = g.regressions.map(r => r.series + ': ' + (r.percent > 0 ? '+' : '') + r.percent.toFixed(1) + ' % from ' + runName(r.run))
    .concat(g.incomplete.map(i => i.series + ': no figure in the newest run'));
  return el('div', { class: 'gate ' + (g.fails ? 'fails' : 'passes') },
    el('strong', {}, g.fails ? 'Gate fails' : 'Gate passes'),
    ' (a slowdown over ' + g.percent + ' % starting in the newest ' + (g.recent === 1 ? 'run' : g.recent + ' runs')
      + ' of a series, not explained by a note' + (g.allowIncomplete ? '' : ', or a series the newest run gave no figure') + ')',
    lines.length ? el('ul', {}, lines.map(l => el('li', {}, l))) : null);
}

function page() {
  const changes = SERIES.flatMap(s => s.changes.map(c => Object.assign({ series: s }, c)));
  const phase = filterSelect('phase', [...new Set(SERIES.map(s => s.phase))].sort(), apply);
  const text = el('input', { type: 'search', placeholder: 'store, setting ...', oninput: apply });
  const onlyChanged = el('input', { type: 'checkbox', onchange: apply });
  if (SERIES.length > 24 && changes.length) onlyChanged.checked = true;
  const chartsBox = el('div', {});
  function apply() {
    const shown = SERIES.filter(s => (!phase.select.value || s.phase === phase.select.value)
      && (!text.value || s.label.includes(text.value.trim())) && (!onlyChanged.checked || s.changes.length));
    destroyCharts();
    chartsBox.replaceChildren(...(shown.length ? shown.map(seriesChart) : [el('p', { class: 'empty' }, 'No series matches the filters.')]));
  }
  const d = DATA.detection;
  app.replaceChildren(
    el('header', {}, el('h1', {}, 'kvbench history'), el('div', { class: 'meta' }, DATA.runs.length + ' runs by '
      + DATA.order + ' · ' + SERIES.length + ' series' + (DATA.unmeasured.length ? ' (and ' + DATA.unmeasured.length
        + ' without a figure in any run)' : '') + ' · ' + changes.length + ' change point' + (changes.length === 1 ? '' : 's'))),
    el('main', {},
      gateBox(),
      el('p', { class: 'note' }, 'Each series is one phase of one cell on one class of hardware, its figure the ' + DATA.figure
        + ' time per operation of each fork\'s median pass; a run\'s figure is the mean of its forks'
        + (DATA.noisyForks === 'keep' ? '' : ' the host left alone (hollow dots: disturbed, left out)')
        + '. Change points: ' + d.method + ', window ' + d.windowLength + ' runs, p below ' + d.maxPValue
        + ', and a change of more than ' + d.minMagnitudePercent + ' %. Shading alternates between the segments;'
        + ' dashed lines are their means.'),
      el('h2', {}, 'Changes'),
      changes.length ? sortableTable([
        { title: 'Series', value: c => c.series.label, cell: c => el('a', { href: '#series-' + c.series.id }, c.series.label) },
        { title: 'From', num: true, value: c => c.run, cell: c => runLink(c.run) },
        { title: 'Change', num: true, value: c => c.percent, cell: c => el('span', { class: 'mark ' + c.direction }, percentText(c) + ' ' + c.direction) },
        { title: '95 % interval', num: true, value: c => c.percentLow, text: c => c.percentLow === undefined || c.percentLow === null
          ? '-' : c.percentLow.toFixed(1) + ' to ' + c.percentHigh.toFixed(1) + ' %' },
        { title: 'Before → after', num: true, value: c => c.meanAfter,
          text: c => valueText(c.series, c.meanBefore) + ' → ' + valueText(c.series, c.meanAfter) },
        { title: 'p', num: true, value: c => c.pValue, text: c => c.pValue.toExponential(1) },
        { title: 'Note', value: c => c.note || '' },
        { title: 'Bisect', value: c => c.bisect || '', cell: c => c.bisect ? el('code', {}, c.bisect) : '' }], changes).table
        : el('p', { class: 'empty' }, 'No change point in any series.'),
      el('h2', {}, 'Series'),
      el('div', { class: 'filters' }, phase.control, el('label', {}, 'cell contains', text),
        el('label', {}, onlyChanged, 'only series with a change')),
      chartsBox,
      // nothing leaves the page without a line: series no run measured, and what is never a series
      DATA.unmeasured.length ? [el('h2', { id: 'unmeasured' }, 'Series without a figure in any run'),
        el('ul', {}, DATA.unmeasured.map(u => el('li', {}, u.cell + ' · ' + u.phase + ': ' + u.why)))] : [],
      DATA.notSeries.length ? [el('h2', { id: 'not-series' }, 'Not series'),
        el('ul', {}, DATA.notSeries.map(n => el('li', {}, n)))] : [],
      el('h2', {}, 'Runs'),
      sortableTable([
        { title: 'Run', num: true, value: r => r.number, cell: r => runLink(r.number) },
        { title: 'Started', value: r => r.startedAt },
        { title: 'Revision', value: r => r.revision || '' },
        { title: 'Scenario', value: r => r.scenario },
        { title: 'Host', value: r => r.host },
        { title: 'kvbench', value: r => r.kvbenchVersion },
        { title: 'Note', value: r => r.note || '' }], DATA.runs).table));
  apply();
}
page();
