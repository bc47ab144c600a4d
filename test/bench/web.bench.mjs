// Benchmark 5 (DESIGN.md sections 10 and 12): what a first visit costs a
// phone, against the built product started as `npm start` starts it.
//  1. Bytes on the wire: for each page, a fresh Chromium context (empty
//     cache) loads it and the transfer size Chromium reports for every
//     response (headers + body as sent, so compressed when served
//     compressed) is added up; the JS + CSS share is checked against the
//     page's budget.
//  2. Lighthouse (the `lighthouse` package driving the same Chromium, mobile
//     preset, simulated throttling): median of 3 runs per page for
//     performance, accessibility, best practices and SEO, the top failing
//     audits, and the CPU benchmark index Lighthouse measured (this machine
//     is shared and noisy: read the scores with it).
import { chromium } from '@playwright/test';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { startApp } from '../support/app-process.mjs';
import { fmt, printTable } from './lib.mjs';

const KB = 1024;
const PUBLIC_FLOORS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const PAGES = [
  { name: 'landing', path: '/', budget: 100 * KB, floors: PUBLIC_FLOORS },
  { name: 'payment', path: '/payment', budget: 110 * KB, floors: PUBLIC_FLOORS },
  { name: 'login', path: '/login', budget: 110 * KB, floors: PUBLIC_FLOORS },
  { name: 'dashboard', path: '/dashboard/courses', signedIn: true },
  { name: 'admin login', path: '/admin/login', budget: 250 * KB, floors: { performance: 85 } },
  // The site in German selling in euros (Settings > General > Language, Settings > Payments > Currency): the server
  // sends the page already in German with the euro price, so nothing moves when the app starts.
  { name: 'landing, site in German', path: '/', site: { language: 'de', currency: 'EUR' }, budget: 100 * KB, floors: PUBLIC_FLOORS, maxCls: 0.02 },
];
/** BENCH_WEB_PAGES=de: only the pages measured with the site in another language; =landing: / in English and in German, side by side. */
const ONLY_SITE_PAGES = process.env.BENCH_WEB_PAGES === 'de';
const ONLY_LANDING = process.env.BENCH_WEB_PAGES === 'landing';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function chromiumPath() {
  const path = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
  if (!path) throw new Error('Chromium is needed: apt-get install -y chromium, or set CHROMIUM_PATH');
  return path;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** The demo learner's session, as the login screen stores it in the browser. */
async function learnerSession(baseUrl) {
  const config = await (await fetch(`${baseUrl}/api/public-config`)).json();
  const { email, password } = config.demoCredentials.learner;
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`Demo learner sign-in failed: ${res.status} ${await res.text()}`);
  const { token } = await res.json();
  return { learnerToken: token, isAuthenticated: 'true', userEmail: email };
}

const KIND = { Script: 'js', Stylesheet: 'css', Document: 'html', Font: 'font', Image: 'image', Fetch: 'api', XHR: 'api' };

/** Every response of a first visit (empty cache) with the bytes Chromium counted on the wire. */
async function wireBytes(browser, baseUrl, page, session) {
  const storageState = session
    ? { cookies: [], origins: [{ origin: baseUrl, localStorage: Object.entries(session).map(([name, value]) => ({ name, value })) }] }
    : undefined;
  const context = await browser.newContext({ storageState });
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  const responses = new Map();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
    responses.set(requestId, { url: response.url, kind: KIND[type] ?? 'other', encoding, bytes: 0, size: 0 });
  });
  cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
    const r = responses.get(requestId);
    if (r) r.size += dataLength;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const r = responses.get(requestId);
    if (r) r.bytes = encodedDataLength;
  });
  await cdp.send('Network.enable');
  await tab.goto(`${baseUrl}${page.path}`, { waitUntil: 'networkidle' });
  const finalPath = new URL(tab.url()).pathname;
  await context.close();
  if (finalPath !== page.path) throw new Error(`${page.path} ended on ${finalPath}: the page itself was not measured`);
  return [...responses.values()];
}

function sum(list, kinds) {
  return list.filter((r) => !kinds || kinds.includes(r.kind)).reduce((n, r) => n + r.bytes, 0);
}

/** The demo admin's token (demo mode), to switch the site's language and currency for the pages that need it. */
async function adminToken(baseUrl) {
  const config = await (await fetch(`${baseUrl}/api/public-config`)).json();
  const res = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(config.demoCredentials.admin),
  });
  if (!res.ok) throw new Error(`Demo admin sign-in failed: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

async function putSettings(baseUrl, token, section, values) {
  const res = await fetch(`${baseUrl}/api/admin/settings/${section}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(values),
  });
  if (!res.ok) throw new Error(`Settings > ${section} could not be saved: ${res.status} ${await res.text()}`);
}

/** Runs `measure` with the site in a page's language and currency (`page.site`), then puts the settings back. */
async function withSite(baseUrl, page, measure) {
  if (!page.site) return measure();
  const token = await adminToken(baseUrl);
  await putSettings(baseUrl, token, 'general', { language: page.site.language });
  await putSettings(baseUrl, token, 'payments', { currency: page.site.currency });
  try {
    return await measure();
  } finally {
    await putSettings(baseUrl, token, 'general', { language: 'en' });
    await putSettings(baseUrl, token, 'payments', { currency: 'USD' });
  }
}

const pagesToMeasure = () => PAGES.filter((page) => (ONLY_SITE_PAGES ? page.site : ONLY_LANDING ? page.path === '/' : true));

async function measureWire(baseUrl, session) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROME_FLAGS.slice(1) });
  const rows = [['page', 'requests', 'JS', 'CSS', 'HTML', 'API', 'other', 'total', 'JS+CSS', 'budget', '', 'uncompressed > 1 KB']];
  const results = [];
  try {
    for (const page of pagesToMeasure()) {
      const responses = await withSite(baseUrl, page, () => wireBytes(browser, baseUrl, page, page.signedIn ? session : undefined));
      const jsCss = sum(responses, ['js', 'css']);
      if (process.env.BENCH_WEB_DETAIL) {
        for (const r of responses)
          console.log(
            `    ${page.path.padEnd(19)} ${r.kind.padEnd(5)} ${fmt(r.bytes / KB, 1).padStart(6)} KB  ${r.encoding ?? '-'}  ${new URL(r.url).pathname}`,
          );
      }
      const plain = responses.filter((r) => !r.encoding && r.size > KB && ['js', 'css', 'html', 'api'].includes(r.kind));
      const ok = page.budget === undefined || jsCss <= page.budget;
      results.push({ page, jsCss, ok });
      rows.push([
        `${page.name} ${page.path}`,
        responses.length,
        fmt(sum(responses, ['js']) / KB, 1),
        fmt(sum(responses, ['css']) / KB, 1),
        fmt(sum(responses, ['html']) / KB, 1),
        fmt(sum(responses, ['api']) / KB, 1),
        fmt(sum(responses, ['font', 'image', 'other']) / KB, 1),
        fmt(sum(responses) / KB, 1),
        fmt(jsCss / KB, 1),
        page.budget ? fmt(page.budget / KB) : '-',
        page.budget ? (ok ? 'OK' : 'OVER BUDGET') : '',
        plain.length ? `${plain.length} (${fmt(sum(plain) / KB, 1)} KB)` : 'none',
      ]);
    }
  } finally {
    await browser.close();
  }
  printTable('Web: bytes on the wire for a first visit (KB, transfer size as Chromium reports it, empty cache)', rows);
  return results;
}

/** Puts the learner session into the browser Lighthouse drives and empties its HTTP cache, so the signed-in run is still a first visit. */
async function prepareSignedIn(port, baseUrl, session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const tab = await browser.contexts()[0].newPage();
    await tab.goto(`${baseUrl}/api/health`);
    await tab.evaluate((entries) => {
      for (const [key, value] of entries) globalThis.localStorage.setItem(key, value);
    }, Object.entries(session));
    const cdp = await tab.context().newCDPSession(tab);
    await cdp.send('Network.clearBrowserCache');
    await tab.close();
  } finally {
    await browser.close();
  }
}

function failingAudits(lhr) {
  const weightOf = new Map();
  for (const id of CATEGORIES) for (const ref of lhr.categories[id]?.auditRefs ?? []) weightOf.set(ref.id, Math.max(weightOf.get(ref.id) ?? 0, ref.weight));
  return [...weightOf.keys()]
    .map((id) => lhr.audits[id])
    .filter((a) => a && a.score !== null && ['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode))
    .filter((a) => (a.scoreDisplayMode === 'binary' ? a.score < 1 : a.score < 0.9))
    .sort((a, b) => weightOf.get(b.id) - weightOf.get(a.id) || a.score - b.score || (b.details?.overallSavingsMs ?? 0) - (a.details?.overallSavingsMs ?? 0))
    .slice(0, 6)
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
}

/** One Lighthouse run; a run whose trace Chromium failed to record (NO_NAVSTART and the like, seen on a loaded machine) is run again, twice at most. */
async function lighthouseRun(port, baseUrl, page, session) {
  for (let attempt = 1; ; attempt++) {
    if (page.signedIn) await prepareSignedIn(port, baseUrl, session);
    const result = await lighthouse(`${baseUrl}${page.path}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
      // The signed-in run keeps the session put in place above (the cache was emptied there).
      disableStorageReset: Boolean(page.signedIn),
    });
    const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'no result' };
    if (error) {
      if (attempt < 3) {
        console.log(`  Lighthouse on ${page.path}: ${error.code}, running it again`);
        continue;
      }
      throw new Error(`Lighthouse failed on ${page.path}: ${error.message}`);
    }
    const finalPath = new URL(result.lhr.finalDisplayedUrl).pathname;
    if (finalPath !== page.path) throw new Error(`Lighthouse on ${page.path} ended on ${finalPath}`);
    return result.lhr;
  }
}

async function measureLighthouse(baseUrl, session) {
  const chrome = await launchChrome({ chromePath: chromiumPath(), chromeFlags: CHROME_FLAGS });
  const results = [];
  const loadBefore = load();
  try {
    for (const page of pagesToMeasure()) {
      const runs = [];
      await withSite(baseUrl, page, async () => {
        for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
          runs.push(await lighthouseRun(chrome.port, baseUrl, page, session));
        }
      });
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round(median(runs.map((r) => (r.categories[id].score ?? 0) * 100)))]));
      const medianRun = runs.find((r) => Math.round(r.categories.performance.score * 100) === scores.performance) ?? runs[0];
      const misses = Object.entries(page.floors ?? {})
        .filter(([id, floor]) => scores[id] < floor)
        .map(([id, floor]) => `${id} < ${floor}`);
      const cls = median(runs.map((r) => r.audits['cumulative-layout-shift'].numericValue));
      if (page.maxCls !== undefined && cls > page.maxCls) misses.push(`CLS > ${page.maxCls}`);
      results.push({
        page,
        scores,
        ok: misses.length === 0,
        misses,
        runs: runs.map((r) => Math.round(r.categories.performance.score * 100)),
        benchmarkIndex: median(runs.map((r) => r.environment.benchmarkIndex)),
        fcp: medianRun.audits['first-contentful-paint'].numericValue,
        lcp: medianRun.audits['largest-contentful-paint'].numericValue,
        tbt: medianRun.audits['total-blocking-time'].numericValue,
        cls,
        failing: failingAudits(medianRun),
      });
    }
  } finally {
    await chrome.kill();
  }
  const rows = [['page', 'perf', 'a11y', 'best-pr.', 'SEO', 'perf runs', 'FCP s', 'LCP s', 'TBT ms', 'CLS', 'CPU index', 'floors']];
  for (const r of results) {
    rows.push([
      `${r.page.name} ${r.page.path}`,
      r.scores.performance,
      r.scores.accessibility,
      r.scores['best-practices'],
      r.scores.seo,
      r.runs.join('/'),
      fmt(r.fcp / 1000, 1),
      fmt(r.lcp / 1000, 1),
      fmt(r.tbt),
      fmt(r.cls, 3),
      fmt(r.benchmarkIndex),
      r.page.floors ? (r.ok ? 'OK' : `MISSED ${r.misses.join(', ')}`) : '',
    ]);
  }
  printTable(`Web: Lighthouse ${LIGHTHOUSE_RUNS} runs per page, median (mobile preset, simulated throttling)`, rows);
  console.log(
    `  CPU benchmark index (Lighthouse): median ${fmt(median(results.map((r) => r.benchmarkIndex)))}; load average ${loadBefore} before, ${load()} after`,
  );
  console.log('  top failing audits (median run):');
  for (const r of results) console.log(`    ${r.page.path.padEnd(19)} ${r.failing.join(', ') || 'none'}`);
  return results;
}

export async function webBench() {
  const app = await startApp({ LOG_LEVEL: 'warn' });
  try {
    const session = ONLY_SITE_PAGES || ONLY_LANDING ? undefined : await learnerSession(app.baseUrl);
    const wire = await measureWire(app.baseUrl, session);
    const worst = Math.max(...wire.filter((w) => w.page.budget).map((w) => w.jsCss / w.page.budget));
    console.log(`  worst JS+CSS share of budget = ${fmt(worst, 2)} (target <= 1.00)`);
    const scores = LIGHTHOUSE_RUNS > 0 ? await measureLighthouse(app.baseUrl, session) : [];
    return { name: 'web', ratio: worst, ok: wire.every((w) => w.ok) && scores.every((s) => s.ok) };
  } finally {
    await app.stop();
  }
}
