import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PRECOMPRESS_MIN_BYTES, precompressDir } from '../../../scripts/vite/precompress.cjs';
import { createCourse } from '../factories/courses.factory';
import { adminToken } from '../factories/users.factory';
import { startTestApp, type TestApp } from '../support/test-app';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET whose body is kept exactly as it crossed the wire (no client-side decompression). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(res: RawResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.body);
  if (encoding === 'gzip') return gunzipSync(res.body);
  if (encoding === undefined) return res.body;
  throw new Error(`Unexpected content-encoding ${encoding}`);
}

const varyOnEncoding = (res: RawResponse) => String(res.headers.vary ?? '').toLowerCase();

/** Text of a given size that compresses like code does (repeated identifiers, varied enough not to collapse). */
function codeLike(bytes: number, seed: string): string {
  let out = '';
  for (let i = 0; out.length < bytes; i++) out += `export function ${seed}${i}(value) { return value * ${i} + ${(i * 7919) % 1000}; }\n`;
  return out.slice(0, bytes);
}

function htmlPage(title: string): string {
  const body = Array.from({ length: 40 }, (_, i) => `<p>Paragraph ${i} of ${title}</p>`).join('\n');
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body><div id="root"></div>${body}</body></html>`;
}

/** A build folder shaped like Vite's output, precompressed by the same step the web apps' builds run. */
function buildFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cp-web-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

function filesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesOf(join(dir, e.name)) : [join(dir, e.name)]));
}

describe('compression on the wire', () => {
  let app: TestApp;
  let learnerDist: string;
  let adminDist: string;
  let admin: { authorization: string };

  beforeAll(async () => {
    learnerDist = buildFolder({
      // As web-learner's build lays it out: the prerendered landing page, other prerendered pages in folders, the shell for every other address.
      'index.html': htmlPage('Landing'),
      'payment/index.html': htmlPage('Checkout'),
      'app.html': '<!doctype html><html lang="en"><head><title>Learner</title></head><body><div id="root"></div></body></html>',
      'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${'<circle cx="16" cy="16" r="8"/>'.repeat(60)}</svg>`,
      'assets/index-Ab12Cd34.js': codeLike(60_000, 'entry'),
      'assets/index-Ef56Gh78.css': `.a{color:red}\n`.repeat(400),
      'assets/PaymentPage-Ij90Kl12.js': codeLike(3_000, 'payment'),
      'assets/tiny-Mn34Op56.js': 'export const tiny = 1;\n',
    });
    adminDist = buildFolder({
      'index.html': htmlPage('Admin Portal'),
      'assets/index-Qr78St90.js': codeLike(120_000, 'admin'),
    });
    await precompressDir(learnerDist);
    await precompressDir(adminDist);
    app = await startTestApp({ env: { WEB_LEARNER_DIST: learnerDist, WEB_ADMIN_DIST: adminDist } });
    admin = { authorization: `Bearer ${(await adminToken(app)).token}` };
    // Enough courses for the admin list (JSON) and the CSV export to pass 1 KB.
    for (let i = 0; i < 20; i++) await createCourse(app.db, { title: `Compressed course ${i}` });
  });

  afterAll(async () => {
    await app.close();
    rmSync(learnerDist, { recursive: true, force: true });
    rmSync(adminDist, { recursive: true, force: true });
  });

  /** Every file of both builds with the URL it is served at (the .br/.gz siblings are not addressed directly). */
  const served = () => [
    ...filesOf(learnerDist)
      .filter((f) => !/\.(br|gz)$/.test(f))
      .map((f) => ({ file: f, url: `/${relative(learnerDist, f)}` })),
    ...filesOf(adminDist)
      .filter((f) => !/\.(br|gz)$/.test(f))
      .map((f) => ({ file: f, url: `/admin/${relative(adminDist, f)}` })),
  ];

  it('sends every build file of 1 KB or more brotli- or gzip-compressed as the client accepts, and each decodes to the file', async () => {
    const large = served().filter(({ file }) => statSync(file).size >= PRECOMPRESS_MIN_BYTES);
    expect(large.map((f) => f.url).sort()).toEqual([
      '/admin/assets/index-Qr78St90.js',
      '/admin/index.html',
      '/assets/PaymentPage-Ij90Kl12.js',
      '/assets/index-Ab12Cd34.js',
      '/assets/index-Ef56Gh78.css',
      '/favicon.svg',
      '/index.html',
      '/payment/index.html',
    ]);
    for (const { file, url } of large) {
      const original = readFileSync(file);
      const chromeLike = await rawGet(`${app.baseUrl}${url}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect({ url, status: chromeLike.status, encoding: chromeLike.headers['content-encoding'] }).toEqual({ url, status: 200, encoding: 'br' });
      expect(chromeLike.body.length).toBeLessThan(original.length / 2);
      expect(decode(chromeLike).equals(original)).toBe(true);
      expect(varyOnEncoding(chromeLike)).toContain('accept-encoding');

      const gzipOnly = await rawGet(`${app.baseUrl}${url}`, { 'accept-encoding': 'gzip' });
      expect({ url, encoding: gzipOnly.headers['content-encoding'] }).toEqual({ url, encoding: 'gzip' });
      expect(decode(gzipOnly).equals(original)).toBe(true);

      const plain = await rawGet(`${app.baseUrl}${url}`);
      expect({ url, encoding: plain.headers['content-encoding'] }).toEqual({ url, encoding: undefined });
      expect(plain.body.equals(original)).toBe(true);
      expect(varyOnEncoding(plain)).toContain('accept-encoding');
      // The content type is the file's, not the compressed sibling's.
      expect(chromeLike.headers['content-type']).toBe(plain.headers['content-type']);
    }
  });

  it('keeps the caching rules (hashed assets immutable without validators, pages revalidated) and sends page-only headers with pages only', async () => {
    for (const url of ['/assets/index-Ab12Cd34.js', '/admin/assets/index-Qr78St90.js', '/assets/tiny-Mn34Op56.js']) {
      const asset = await rawGet(`${app.baseUrl}${url}`, { 'accept-encoding': 'br' });
      expect(asset.headers['cache-control']).toContain('immutable');
      expect(asset.headers['content-type']).toMatch(/javascript/);
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
      expect(asset.headers['content-security-policy']).toBeUndefined();
      expect(asset.headers['permissions-policy']).toBeUndefined();
      // Immutable under a content-hashed name: never revalidated, so no validators to send with every asset.
      expect([asset.headers.etag, asset.headers['last-modified']]).toEqual([undefined, undefined]);
    }
    for (const url of ['/', '/payment', '/dashboard/courses', '/admin/login']) {
      const page = await rawGet(`${app.baseUrl}${url}`, { 'accept-encoding': 'br' });
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['permissions-policy']).toContain('camera=()');
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
      // Revalidated on each visit: an unchanged page comes back as a 304.
      expect(page.headers.etag).toBeDefined();
    }
  });

  it('sends prerendered pages at their address, compressed, and the app shell for other deep links', async () => {
    for (const [path, file] of [
      ['/', join(learnerDist, 'index.html')],
      ['/payment', join(learnerDist, 'payment', 'index.html')],
      ['/payment?cancelled=1', join(learnerDist, 'payment', 'index.html')],
      ['/admin/login', join(adminDist, 'index.html')],
    ] as const) {
      const res = await rawGet(`${app.baseUrl}${path}`, { 'accept-encoding': 'br, gzip' });
      expect({ path, status: res.status, encoding: res.headers['content-encoding'], type: res.headers['content-type'] }).toEqual({
        path,
        status: 200,
        encoding: 'br',
        type: 'text/html; charset=utf-8',
      });
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decode(res).equals(readFileSync(file))).toBe(true);
    }
    for (const path of ['/dashboard/courses', '/login', '/course/3']) {
      const res = await rawGet(`${app.baseUrl}${path}`, { 'accept-encoding': 'br, gzip' });
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect(decode(res).equals(readFileSync(join(learnerDist, 'app.html')))).toBe(true);
    }
  });

  it('sends files under 1 KB as they are', async () => {
    const res = await rawGet(`${app.baseUrl}/assets/tiny-Mn34Op56.js`, { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe('export const tiny = 1;\n');
  });

  it('compresses API JSON of 1 KB or more, not smaller answers', async () => {
    const url = `${app.baseUrl}/api/admin/courses?range=[0,24]`;
    const auth = admin;
    const plain = await rawGet(url, auth);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await rawGet(url, { ...auth, 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(varyOnEncoding(br)).toContain('accept-encoding');
    expect(br.body.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(decode(br).toString())).toEqual(JSON.parse(plain.body.toString()));

    const gzip = await rawGet(url, { ...auth, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(gzip).toString())).toEqual(JSON.parse(plain.body.toString()));

    const docs = await rawGet(`${app.baseUrl}/api/docs/openapi.json`, { 'accept-encoding': 'br' });
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode(docs).toString())).toHaveProperty('paths');

    const small = await rawGet(`${app.baseUrl}/api/courses/999999`, { 'accept-encoding': 'br, gzip' });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toHaveProperty('statusCode');
  });

  it('sends file downloads as they are, even when large and the client accepts compression', async () => {
    const res = await rawGet(`${app.baseUrl}/api/admin/courses/export`, { ...admin, 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toContain('Compressed course 19');
    expect(res.body.length).toBeGreaterThan(1024);
  });
});
