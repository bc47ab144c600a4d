// Benchmark 5 (DESIGN.md section 10): gzip bytes of the JS + CSS that a
// first visit loads, in Debian's Chromium against the built product: the
// landing page (target <= 120 KB) and the admin login screen (<= 300 KB).
import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { startApp } from '../support/app-process.mjs';
import { fmt, printTable } from './lib.mjs';

const TARGETS = [
  { name: 'landing page /', path: '/', budget: 120 * 1024 },
  { name: 'admin login /admin/login', path: '/admin/login', budget: 300 * 1024 },
];

function chromiumPath() {
  const path = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
  if (!path) throw new Error('Chromium is needed: apt-get install -y chromium, or set CHROMIUM_PATH');
  return path;
}

async function firstLoad(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const assets = [];
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    assets.push(res.body().then((body) => ({ url: res.url(), type, raw: body.length, gzip: gzipSync(body, { level: 9 }).length })));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const loaded = await Promise.all(assets);
  await context.close();
  return loaded;
}

export async function webBench() {
  const app = await startApp({ LOG_LEVEL: 'warn' });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  try {
    const rows = [['page', 'files', 'raw KB', 'gzip KB', 'budget KB', '']];
    let worst = 0;
    for (const target of TARGETS) {
      const assets = await firstLoad(browser, `${app.baseUrl}${target.path}`);
      const gzip = assets.reduce((n, a) => n + a.gzip, 0);
      const raw = assets.reduce((n, a) => n + a.raw, 0);
      worst = Math.max(worst, gzip / target.budget);
      rows.push([target.name, assets.length, fmt(raw / 1024, 1), fmt(gzip / 1024, 1), fmt(target.budget / 1024), gzip <= target.budget ? 'OK' : 'OVER BUDGET']);
    }
    printTable('Web: JS + CSS loaded on first visit (gzip -9 of each file)', rows);
    console.log(`  worst share of budget = ${fmt(worst, 2)} (target <= 1.00)`);
    return { name: 'web', ratio: worst, ok: worst <= 1 };
  } finally {
    await browser.close();
    await app.stop();
  }
}
