/* kvbench compare --html: each row's ratio with its 95 % interval against 1, filterable by verdict and phase. */
'use strict';

const app = document.getElementById('app');
const ROWS = DATA.rows;
const VERDICTS = ['slower', 'faster', 'equivalent', 'undecided', 'not enough forks', 'too noisy to judge', 'too short to judge'];

function ratioText(r) {
  return '× ' + r.ratio.toFixed(3) + (r.low === undefined ? '' : ' (95 % ' + r.low.toFixed(3) + '-' + r.high.toFixed(3) + ')');
}

// a vertical line at a ratio of 1: no change
const noChange = {
  id: 'kvbenchNoChange',
  afterDatasetsDraw(c) {
    const x = c.scales.x.getPixelForValue(1);
    const ctx = c.ctx;
    ctx.save();
    ctx.strokeStyle = '#1d2330';
    ctx.setLineDash([4, 3]);
    ctx.beginPath();
    ctx.moveTo(x, c.chartArea.top);
    ctx.lineTo(x, c.chartArea.bottom);
    ctx.stroke();
    ctx.restore();
  }
};

function page() {
  const unitOf = r => r.figure === 'storage-mb' ? 'MB' : r.figure;
  const counts = VERDICTS.map(v => [v, ROWS.filter(r => r.verdict === v).length]).filter(([, n]) => n > 0);
  const verdict = filterSelect('verdict', VERDICTS.filter(v => ROWS.some(r => r.verdict === v)), apply);
  const phase = filterSelect('phase', [...new Set(ROWS.map(r => r.phase))].sort(), apply);
  const text = el('input', { type: 'search', placeholder: 'store, setting ...', oninput: apply });
  const table = sortableTable([
    { title: 'Cell', value: r => r.cell },
    { title: 'Phase', value: r => r.phase },
    // each row in its own figure: ms a pass, ops/s for a phase of a fixed duration (higher better), CPU ms, MB stored
    { title: 'Baseline', num: true, value: r => r.baseline, text: r => ms(r.baseline) + ' ' + unitOf(r) },
    { title: 'Candidate', num: true, value: r => r.candidate, text: r => ms(r.candidate) + ' ' + unitOf(r) },
    { title: 'Forks', num: true, value: r => r.baselineForks + r.candidateForks, text: r => r.baselineForks + '/' + r.candidateForks },
    { title: 'Ratio', num: true, value: r => r.ratio, text: r => '× ' + r.ratio.toFixed(3) },
    { title: '95 % interval', num: true, value: r => r.low, text: r => r.low === undefined ? '-' : r.low.toFixed(3) + '-' + r.high.toFixed(3) },
    { title: 'Verdict', value: r => r.verdict, cell: r => el('span', { class: 'mark ' + (r.verdict === 'slower' ? 'slower'
      : r.verdict === 'faster' ? 'faster' : 'unsupported') }, r.verdict
        + (r.better === 'higher' && r.verdict === 'slower' ? ' (lower throughput)'
          : r.better === 'higher' && r.verdict === 'faster' ? ' (higher throughput)' : '')
        + (r.forksToDecide > 0 && r.forksToDecide <= DATA.mostForksEstimated ? ' (~' + r.forksToDecide + ' forks a side)'
          : '')) },
    { title: 'Caveats', value: r => r.caveats },
    { title: 'Settings changed', value: r => r.settingsChanged }], ROWS);
  const chartBox = el('div', { class: 'chart' });
  function apply() {
    const shown = ROWS.filter(r => (!verdict.select.value || r.verdict === verdict.select.value)
      && (!phase.select.value || r.phase === phase.select.value)
      && (!text.value || (r.cell + ' ' + r.settingsChanged).includes(text.value.trim())));
    table.show(shown);
    destroyCharts();
    const drawn = shown.filter(r => r.ratio > 0 && Number.isFinite(r.ratio));
    if (!drawn.length) {
      chartBox.replaceChildren(el('p', { class: 'empty' }, 'No row matches the filters.'));
      return;
    }
    const canvas = el('canvas', { 'aria-label': 'ratio of each row with its interval', role: 'img' });
    const lines = drawn.reduce((n, r) => n + wrapLabel(r.cell + ' · ' + r.phase, 40).length, 0);
    chartBox.replaceChildren(el('h3', {}, 'Candidate over baseline: the ratio (dot) and its 95 % interval (bar);'
      + ' the dashed line is no change' + (drawn.some(r => r.better === 'higher')
        ? '; a rate (ops/s, a phase of a fixed duration) below 1 is slower' : '')), el('div', { class: 'canvas', style: 'height:' + Math.max(200, 16 * lines + 10 * drawn.length + 60) + 'px' }, canvas));
    const colourOf = r => r.verdict === 'slower' ? '#c62828' : r.verdict === 'faster' ? '#2e7d32' : '#7a8191';
    chart(canvas, {
      // a cell's id is long: in lines of 40 or so, so the store at its start is never cut off
      data: { labels: drawn.map(r => wrapLabel(r.cell + ' · ' + r.phase, 40)), datasets: [
        { type: 'bar', label: '95 % interval', data: drawn.map(r => r.low === undefined ? null : [r.low, r.high]),
          backgroundColor: drawn.map(r => colourOf(r) + '66'), barPercentage: 0.5, grouped: false, order: 2 },
        { type: 'line', label: 'ratio', showLine: false, data: drawn.map(r => r.ratio), pointRadius: 4,
          pointBackgroundColor: drawn.map(colourOf), borderColor: drawn.map(colourOf), order: 1 }] },
      options: { indexAxis: 'y',
        plugins: { legend: { display: false }, tooltip: { callbacks: { label(ctx) {
          const r = drawn[ctx.dataIndex];
          return ratioText(r) + ', ' + r.verdict + ', forks ' + r.baselineForks + '/' + r.candidateForks
            + (r.caveats ? ', ' + r.caveats : '');
        } } } },
        // labels at 1, 2 and 5 of each decade only: Chart.js's own log ticks crowd into each other
        scales: { x: { type: 'logarithmic', title: { display: true, text: 'candidate / baseline (log scale)' },
          ticks: { autoSkip: true, maxRotation: 0, callback: v => logTick(v) ? String(Number(v.toPrecision(3))) : '' } },
          y: { ticks: { autoSkip: false } } } },
      plugins: [noChange] });
  }
  app.replaceChildren(
    el('header', {}, el('h1', {}, 'kvbench compare'), el('div', { class: 'meta' }, 'baseline ' + DATA.baseline
      + ' · candidate ' + DATA.candidate)),
    el('main', {},
      el('p', {}, counts.map(([v, n]) => n + ' ' + v).join(' · ')),
      el('p', { class: 'note' }, 'Each fork is one sample (its median pass). A row is slower or faster when the '
        + Math.round(DATA.confidence * 100) + ' % interval of the ratio excludes 1 and the ratio differs from 1 by more than '
        + DATA.minEffectPercent + ' %; equivalent when the whole interval lies within ±' + DATA.minEffectPercent
        + ' %; undecided otherwise, with about how many forks a side would decide it; not enough forks below '
        + DATA.minForks + ' a side; forks the host disturbed are '
        + (DATA.noisyForks === 'keep' ? 'counted (--noisy-forks keep).' : 'left out, and a side left with fewer than '
        + DATA.minForks + ' is too noisy to judge.')),
      el('div', { class: 'filters' }, verdict.control, phase.control, el('label', {}, 'cell contains', text)),
      chartBox,
      el('h2', {}, 'Rows'), table.table,
      DATA.unmatched.length ? el('h2', {}, 'Not compared') : null,
      DATA.unmatched.length ? sortableTable([{ title: 'Side', value: u => u.side }, { title: 'Cell', value: u => u.cell },
        { title: 'Why', value: u => u.why }], DATA.unmatched).table : null));
  apply();
}
page();
