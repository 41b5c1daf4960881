// The dashboard's two HTML pages: the fleet view (a shell the script fills from data.json) and the
// login form. Static text only: nothing from a request is written into them but fixed messages.

/** Served with every dashboard page: only this coordinator's own script, styles and data. */
export const PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
} as const;

const head = (title: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/dashboard/assets/dashboard.css">
</head>`;

export function fleetPage(): string {
  return `${head('Crawl fleet')}
<body>
<header>
  <h1>Crawl fleet</h1>
  <p class="meta">coordinator <span id="coordinator">…</span> · updated <span id="updated">…</span>
    <span id="stale" hidden>· data is stale</span></p>
  <form method="post" action="/dashboard/logout"><button type="submit">Log out</button></form>
</header>
<main>
  <section class="cards" id="totals">
    <div class="card"><span class="label">devices</span><span class="value" data-total="devices">–</span></div>
    <div class="card available"><span class="label">available</span><span class="value" data-total="available">–</span></div>
    <div class="card busy"><span class="label">busy</span><span class="value" data-total="busy">–</span></div>
    <div class="card quarantined"><span class="label">quarantined</span><span class="value" data-total="quarantined">–</span></div>
    <div class="card"><span class="label">queued jobs</span><span class="value" id="queued">–</span></div>
    <div class="card"><span class="label">jobs / s (1 min)</span><span class="value" id="jps">–</span></div>
  </section>
  <section class="grid">
    <article>
      <h2>Devices by region</h2>
      <svg id="region-chart" role="img" aria-label="devices by region" viewBox="0 0 480 60"></svg>
      <table id="regions"><thead><tr><th>region</th><th>devices</th><th>available</th><th>busy</th><th>quarantined</th><th>draining</th></tr></thead><tbody></tbody></table>
    </article>
    <article>
      <h2>Devices by country</h2>
      <table id="countries"><thead><tr><th>country</th><th>region</th><th>devices</th><th>available</th><th>busy</th><th>quarantined</th></tr></thead><tbody></tbody></table>
      <p class="legend" id="location">claimed locations: <span data-location="yes">–</span> verified, <span data-location="no">–</span> contradicted (kept from placement by place), <span data-location="unknown">–</span> unknown · <a href="https://db-ip.com" rel="noreferrer">IP Geolocation by DB-IP</a></p>
    </article>
    <article>
      <h2>Jobs finished, last 10 minutes</h2>
      <svg id="throughput-chart" role="img" aria-label="jobs finished per 10 seconds" viewBox="0 0 480 160"></svg>
      <p class="legend"><span class="swatch completed"></span> completed <span class="swatch failed"></span> failed (per 10 s)</p>
    </article>
    <article>
      <h2>Error types, last hour</h2>
      <table id="errors"><thead><tr><th>type</th><th>jobs</th><th></th></tr></thead><tbody></tbody></table>
      <p class="empty" id="no-errors" hidden>No errors in the last hour.</p>
    </article>
    <article>
      <h2>Agent versions</h2>
      <p class="legend" id="rollout">no rollout</p>
      <table id="versions"><thead><tr><th>version</th><th>devices</th></tr></thead><tbody></tbody></table>
    </article>
    <article class="wide">
      <h2>Recent sweeps</h2>
      <table id="sweeps"><thead><tr><th>created</th><th>url</th><th>regions</th><th>jobs</th><th>report</th></tr></thead><tbody></tbody></table>
      <p class="empty" id="no-sweeps" hidden>No sweeps yet.</p>
    </article>
  </section>
</main>
<script src="/dashboard/assets/dashboard.js"></script>
</body>
</html>
`;
}

export type LoginProblem = 'none' | 'not-admin' | 'signed-out';

const PROBLEM_TEXT: Record<LoginProblem, string> = {
  none: '',
  'not-admin': 'That is not an active admin API key.',
  'signed-out': 'Signed out.',
};

export function loginPage(problem: LoginProblem = 'none'): string {
  const note = PROBLEM_TEXT[problem];
  return `${head('Crawl fleet: sign in')}
<body class="login">
<main>
  <h1>Crawl fleet</h1>
  <form method="post" action="/dashboard/login">
    <label for="key">Admin API key</label>
    <input id="key" name="key" type="password" autocomplete="off" required>
    <button type="submit">Sign in</button>
    ${note ? `<p class="problem" role="alert">${note}</p>` : ''}
  </form>
</main>
</body>
</html>
`;
}
