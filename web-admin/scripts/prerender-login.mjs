#!/usr/bin/env node
// The sign-in page of a first visit to /admin/login, prerendered (run by
// `npm run build` after `vite build`): dist/login/index.html gets the page's
// markup in #root with its styles inline, so the browser draws the sign-in
// before any script has run; src/login.tsx then hydrates it. The rest of the
// console (dist/index.html) stays a client-rendered app.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const require = createRequire(import.meta.url);
const { precompressFiles } = require('../../scripts/vite/precompress.cjs');

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PAGE = join(ROOT, 'dist', 'login', 'index.html');
const SSR_OUT = join(ROOT, 'node_modules', `.prerender-${process.pid}`);

async function main() {
  await build({
    root: ROOT,
    logLevel: 'warn',
    build: {
      ssr: 'src/login-server.tsx',
      outDir: SSR_OUT,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
      rolldownOptions: { input: 'src/login-server.tsx' },
    },
  });
  try {
    const { renderLogin } = await import(pathToFileURL(join(SSR_OUT, 'login-server.js')).href);
    const template = readFileSync(PAGE, 'utf8');
    // A page prerendered by an earlier run keeps its markup: start from the empty #root again.
    const empty = template.replace(/<div id="root"[^>]*>[\s\S]*<\/div>(\s*<\/body>)/, '<div id="root"></div>$1');
    if (!empty.includes('<div id="root"></div>')) throw new Error('dist/login/index.html has no <div id="root"></div> to fill');
    writeFileSync(PAGE, empty.replace('<div id="root"></div>', `<div id="root" data-prerendered="login">${renderLogin()}</div>`));
    await precompressFiles([PAGE]);
    console.log('prerendered /admin/login');
  } finally {
    rmSync(SSR_OUT, { recursive: true, force: true });
  }
}

await main();
