// Fleet dashboard: fetches /dashboard/data.json every few seconds and draws the tables and the
// inline SVG charts. No libraries: DOM and SVG by hand, text always set as text.
(() => {
  const REFRESH_MS = 5000;
  const SVG = 'http://www.w3.org/2000/svg';
  const $ = (sel) => document.querySelector(sel);

  function el(tag, attrs, text) {
    const node = tag.startsWith('svg:')
      ? document.createElementNS(SVG, tag.slice(4))
      : document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = String(text);
    return node;
  }

  function fillTable(id, rows, cells) {
    const body = $(`#${id} tbody`);
    body.replaceChildren(
      ...rows.map((r) => {
        const tr = el('tr', { 'data-key': cells(r)[0] });
        for (const c of cells(r))
          tr.append(c instanceof Node ? el('td').appendChild(c).parentNode : el('td', {}, c));
        return tr;
      }),
    );
  }

  function regionChart(regions) {
    const svg = $('#region-chart');
    const W = 480;
    const rowH = 36;
    // As tall as its rows, so a small fleet leaves no empty panel.
    const H = Math.max(60, 20 + regions.length * rowH);
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    const left = 70;
    const max = Math.max(1, ...regions.map((r) => r.devices));
    const parts = [];
    regions.forEach((r, i) => {
      const y = 10 + i * rowH;
      const g = el('svg:g', { class: 'region-bars', 'data-region': r.region });
      g.append(
        el('svg:text', { x: left - 8, y: y + rowH * 0.62, 'text-anchor': 'end', class: 'axis' }, r.region),
      );
      let x = left;
      for (const state of ['available', 'busy', 'quarantined', 'draining']) {
        const w = ((W - left - 40) * r[state]) / max;
        if (w <= 0) continue;
        const rect = el('svg:rect', {
          x,
          y,
          width: w,
          height: rowH * 0.7,
          class: state,
          'data-state': state,
        });
        rect.append(el('svg:title', {}, `${r.region}: ${r[state]} ${state}`));
        g.append(rect);
        x += w;
      }
      g.append(el('svg:text', { x: x + 6, y: y + rowH * 0.62, class: 'count' }, r.devices));
      parts.push(g);
    });
    if (regions.length === 0)
      parts.push(
        el('svg:text', { x: W / 2, y: H / 2, 'text-anchor': 'middle', class: 'axis' }, 'no devices linked'),
      );
    svg.replaceChildren(...parts);
  }

  function throughputChart(a) {
    const svg = $('#throughput-chart');
    const W = 480;
    const H = 160;
    const n = a.completed.length;
    const max = Math.max(1, ...a.completed.map((c, i) => c + a.failed[i]));
    const bw = (W - 40) / n;
    const parts = [el('svg:line', { x1: 30, y1: H - 20, x2: W - 10, y2: H - 20, class: 'axis-line' })];
    parts.push(el('svg:text', { x: 26, y: 14, 'text-anchor': 'end', class: 'axis' }, max));
    parts.push(el('svg:text', { x: 26, y: H - 20, 'text-anchor': 'end', class: 'axis' }, 0));
    for (let i = 0; i < n; i++) {
      const x = 32 + i * bw;
      const hc = ((H - 30) * a.completed[i]) / max;
      const hf = ((H - 30) * a.failed[i]) / max;
      if (hc > 0)
        parts.push(
          el('svg:rect', { x, y: H - 20 - hc, width: Math.max(1, bw - 1), height: hc, class: 'completed' }),
        );
      if (hf > 0)
        parts.push(
          el('svg:rect', { x, y: H - 20 - hc - hf, width: Math.max(1, bw - 1), height: hf, class: 'failed' }),
        );
    }
    parts.push(el('svg:text', { x: 32, y: H - 4, class: 'axis' }, '−10 min'));
    parts.push(el('svg:text', { x: W - 10, y: H - 4, 'text-anchor': 'end', class: 'axis' }, 'now'));
    svg.replaceChildren(...parts);
  }

  function render(d) {
    $('#coordinator').textContent = d.coordinator_id;
    $('#updated').textContent = new Date(d.generated_at).toLocaleTimeString();
    for (const node of document.querySelectorAll('[data-total]'))
      node.textContent = d.totals[node.dataset.total];
    $('#queued').textContent = d.queued_jobs;
    for (const node of document.querySelectorAll('[data-location]'))
      node.textContent = d.location?.[node.dataset.location] ?? 0;
    $('#jps').textContent = d.activity.jobs_per_sec.toFixed(2);
    regionChart(d.regions);
    fillTable('regions', d.regions, (r) => [
      r.region,
      r.devices,
      r.available,
      r.busy,
      r.quarantined,
      r.draining,
    ]);
    fillTable('countries', d.countries, (c) => [
      c.country,
      c.region,
      c.devices,
      c.available,
      c.busy,
      c.quarantined,
    ]);
    throughputChart(d.activity);
    // Agent releases: devices by the version they run, and the rollout under way.
    fillTable('versions', d.versions, (v) => [v.version, v.devices]);
    $('#rollout').textContent = d.rollout
      ? `rolling out ${d.rollout.version} to ${d.rollout.percent} % of the fleet`
      : 'no rollout';
    const errors = d.activity.errors_last_hour;
    const top = Math.max(1, ...errors.map((e) => e.count));
    fillTable('errors', errors, (e) => {
      const bar = el('span', { class: 'bar' });
      // CSSOM, not a style attribute: the page's CSP allows no inline styles.
      bar.style.width = `${Math.round((100 * e.count) / top)}%`;
      return [e.type, e.count, bar];
    });
    $('#no-errors').hidden = errors.length > 0;
    fillTable('sweeps', d.sweeps, (s) => {
      const link = el('a', { href: s.report_url, rel: 'noreferrer' }, 'report');
      return [new Date(s.created_at).toLocaleString(), s.url, s.regions.join(', '), s.total_jobs, link];
    });
    $('#no-sweeps').hidden = d.sweeps.length > 0;
    document.body.dataset.loaded = 'true';
  }

  async function refresh() {
    try {
      const res = await fetch('/dashboard/data.json', { credentials: 'same-origin', cache: 'no-store' });
      if (res.status === 401 || res.status === 403) {
        window.location.assign('/dashboard');
        return;
      }
      if (!res.ok) throw new Error(`data.json answered ${res.status}`);
      render(await res.json());
      $('#stale').hidden = true;
    } catch {
      $('#stale').hidden = false;
    } finally {
      setTimeout(refresh, REFRESH_MS);
    }
  }

  refresh();
})();
