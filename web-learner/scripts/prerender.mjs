#!/usr/bin/env node
// The public pages, prerendered into the build (run by `npm run build` after
// `vite build`): each gets dist/<path>/index.html with its markup already in
// #root, its own title, description and social-sharing tags, and the script,
// modulepreload and stylesheet tags of exactly the code it needs. The browser
// shows the page before any script runs; the code then hydrates it. The
// landing page starts on its own (src/landing.tsx: no router, no TanStack
// Query) and prefetches the next pages when a link to them is about to be
// used; the others start the app (src/main.tsx). dist/app.html keeps the
// empty app shell for every other address (the API's fallback for deep links).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const require = createRequire(import.meta.url);
const { precompressFiles } = require('../../scripts/vite/precompress.cjs');

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
/**
 * What the API needs to render the public pages per request in the site's
 * language, name and currency (backend modules/site/public-pages.ts): the
 * same renderer as one self-contained CommonJS file, and each page's HTML
 * around it as a template (pages.json). Beside dist, not in it: nothing of
 * it is served.
 */
const SERVER_OUT = join(ROOT, 'dist-ssr');
/** The template's slots, filled by the API: the page's markup, its title, description and site name (escaped), its locale. */
const SLOT = {
  html: '<!--ssr-html-->',
  title: '\u0000title\u0000',
  description: '\u0000description\u0000',
  siteName: '\u0000site-name\u0000',
  locale: '\u0000locale\u0000',
};
const APP = 'index.html';
const LANDING = 'src/landing.tsx';

/**
 * The prerendered pages: the entry that starts each, and the modules it loads
 * after the first paint (the start module, the lazy screens of its first
 * render): a source path, or the name of a chunk group of vite.config.ts
 * (`data` holds QueryLayout with TanStack Query).
 */
const START = 'src/app/start.tsx';
const PAGES = [
  { path: '/', entry: LANDING, modules: ['src/app/startLanding.tsx'] },
  { path: '/payment', entry: APP, modules: [START, 'data', 'src/features/checkout/PaymentPage.tsx'] },
  { path: '/login', entry: APP, modules: [START, 'data', 'src/features/auth/LoginPage.tsx'] },
  { path: '/forgot-password', entry: APP, modules: [START, 'data', 'src/features/auth/ForgotPasswordPage.tsx'] },
  { path: '/terms-of-service', entry: APP, modules: [START, 'data', 'src/features/legal/TermsPage.tsx'] },
  { path: '/privacy-policy', entry: APP, modules: [START, 'data', 'src/features/legal/PrivacyPage.tsx'] },
  { path: '/refund-policy', entry: APP, modules: [START, 'data', 'src/features/legal/RefundPage.tsx'] },
];
/** Where a visitor of the landing page goes next: prefetched when a link there is about to be used. */
const NEXT_FROM_LANDING = ['/payment', '/login'];

const escapeAttr = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The files a page loads, in order: `{ script, preloads, styles }` for its entry and route modules. */
function filesOf(manifest, page) {
  const seen = new Set();
  const scripts = [];
  const styles = new Set();
  const visit = (module) => {
    const key = manifest[module]
      ? module
      : Object.keys(manifest).find((k) => manifest[k].name === module && !manifest[k].isEntry && !manifest[k].isDynamicEntry);
    if (!key) throw new Error(`${module} is not a chunk of the build: update PAGES in scripts/prerender.mjs`);
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    for (const dep of chunk.imports ?? []) visit(dep);
    for (const css of chunk.css ?? []) styles.add(css);
    scripts.push(chunk.file);
  };
  visit(page.entry);
  for (const module of page.modules) visit(module);
  const script = manifest[page.entry].file;
  return { script, preloads: scripts.filter((file) => file !== script), styles: [...styles] };
}

function pageHtml(template, page, rendered, files, nextPages, locale = 'en_US') {
  const { title, description, siteName } = rendered;
  const head = [
    `<title>${escapeText(title)}</title>`,
    `<meta name="description" content="${escapeAttr(description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeAttr(siteName)}" />`,
    `<meta property="og:title" content="${escapeAttr(title)}" />`,
    `<meta property="og:description" content="${escapeAttr(description)}" />`,
    `<meta property="og:locale" content="${locale}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${escapeAttr(title)}" />`,
    `<meta name="twitter:description" content="${escapeAttr(description)}" />`,
    ...files.styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`),
    `<script type="module" crossorigin src="/${files.script}"></script>`,
    ...files.preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
  ];
  if (nextPages) head.push(`<script type="application/json" id="next-pages">${JSON.stringify(nextPages).replace(/</g, '\\u003c')}</script>`);
  const html = template
    .replace(/^[ \t]*<title>[^<]*<\/title>\r?\n/m, '')
    .replace(/^[ \t]*<meta name="description"[^>]*>\r?\n/m, '')
    .replace(/^[ \t]*<script type="module"[^>]*><\/script>\r?\n/gm, '')
    .replace(/^[ \t]*<link rel="(?:modulepreload|stylesheet)"[^>]*>\r?\n/gm, '')
    .replace('  </head>', `    ${head.join('\n    ')}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${page.path}">${rendered.html}</div>`);
  if (!html.includes(`data-prerendered="${page.path}"`)) throw new Error('the app shell has no empty <div id="root"></div> to fill');
  return html;
}

/** The renderer for the API: entry-server.tsx with everything it imports, as one CommonJS file. */
async function buildServerRenderer() {
  rmSync(SERVER_OUT, { recursive: true, force: true });
  await build({
    root: ROOT,
    logLevel: 'warn',
    ssr: { noExternal: true },
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: SERVER_OUT,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: true,
      rolldownOptions: {
        input: 'src/entry-server.tsx',
        output: { format: 'cjs', entryFileNames: 'entry-server.cjs', codeSplitting: false },
      },
    },
  });
  rmSync(join(SERVER_OUT, '.vite'), { recursive: true, force: true });
}

/** For each interface language but English, the chunk of its strings: the API preloads it in a page it renders in that language. */
function localeChunks(manifest) {
  const chunks = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    const language = /src\/i18n\/locales\/([a-z]{2})\.json$/.exec(key)?.[1];
    if (language) chunks[language] = `/${chunk.file}`;
  }
  return chunks;
}

async function main() {
  await buildServerRenderer();
  {
    // The same renderer the API uses: the build's English pages are the API's pages with the defaults.
    const { prerenderPage } = require(join(SERVER_OUT, 'entry-server.cjs'));
    const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8'));
    // vite build empties dist: app.html exists only when this script already ran on this build (then index.html is a prerendered page).
    const shell = existsSync(join(DIST, 'app.html')) ? 'app.html' : 'index.html';
    const template = readFileSync(join(DIST, shell), 'utf8');
    writeFileSync(join(DIST, 'app.html'), template);
    const written = [join(DIST, 'app.html')];
    const templates = {};
    const nextPages = Object.fromEntries(
      NEXT_FROM_LANDING.map((path) => {
        const files = filesOf(
          manifest,
          PAGES.find((p) => p.path === path),
        );
        return [path, [files.script, ...files.preloads].map((file) => `/${file}`)];
      }),
    );
    for (const page of PAGES) {
      const file = page.path === '/' ? join(DIST, 'index.html') : join(DIST, page.path.slice(1), 'index.html');
      mkdirSync(dirname(file), { recursive: true });
      const rendered = await prerenderPage(page.path);
      const html = pageHtml(template, page, rendered, filesOf(manifest, page), page.path === '/' ? nextPages : undefined);
      writeFileSync(file, html);
      written.push(file);
      templates[page.path] = pageHtml(
        template,
        page,
        { ...SLOT, meta: rendered.meta },
        filesOf(manifest, page),
        page.path === '/' ? nextPages : undefined,
        SLOT.locale,
      );
    }
    writeFileSync(join(SERVER_OUT, 'pages.json'), JSON.stringify({ slots: SLOT, locales: localeChunks(manifest), templates }));
    await precompressFiles(written);
    rmSync(join(DIST, '.vite'), { recursive: true, force: true });
    console.log(`prerendered ${PAGES.map((p) => p.path).join(', ')}; the API renders them per language from dist-ssr`);
  }
}

await main();
