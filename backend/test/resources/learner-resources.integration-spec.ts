import { rmSync } from 'node:fs';
import { runSeedSteps } from '../../src/database/seeds/seed-runner';
import { resourcesSeed } from '../../src/modules/resources/seed/resources.seed';
import { adminToken, createUser, login } from '../factories/users.factory';
import { binary } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';
import { createContentItem, createToolCategory } from './resources.factory';

const LEARNER_ENDPOINTS = [
  '/api/resources/affiliate-programs',
  '/api/resources/tools',
  '/api/resources/automations',
  '/api/resources/bots',
  '/api/resources/cloud-folders',
  '/api/resources/content',
];

describe('learner resources API', () => {
  let app: TestApp;
  let entitled: string;
  let withoutAccess: string;
  let admin: string;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    app = await startTestApp();
    entitled = await login(app, await createUser(app.db, { access: true }));
    withoutAccess = await login(app, await createUser(app.db, { access: false }));
    admin = (await adminToken(app)).token;
    await runSeedSteps(app.db, [resourcesSeed], { mediaDir: `${app.dataDir}/media`, privateMediaDir: `${app.dataDir}/private-media` });
  });
  afterAll(() => app.close());

  it.each(LEARNER_ENDPOINTS)('%s needs a session (401) and lifetime access (403)', async (path) => {
    const anonymous = await app.http.get(path).expect(401);
    expect(anonymous.body).toMatchObject({ statusCode: 401, error: 'Unauthorized', message: expect.any(String) });
    const refused = await app.http.get(path).set(bearer(withoutAccess)).expect(403);
    expect(refused.body).toMatchObject({ statusCode: 403, error: 'Forbidden', message: expect.stringContaining('Lifetime access') });
    await app.http.get(path).set(bearer(entitled)).expect(200);
    await app.http.get(path).set(bearer(admin)).expect(200);
  });

  it('serves the demo seed with the spec counts and shapes', async () => {
    const programs = (await app.http.get('/api/resources/affiliate-programs').set(bearer(entitled)).expect(200)).body.items;
    expect(programs).toHaveLength(12);
    expect(programs[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      website: expect.stringMatching(/^https:\/\/[a-z0-9-]+\.example\.com$/),
      description: expect.any(String),
      minPayout: expect.stringMatching(/^\$\d+$/),
      paymentModels: expect.any(Array),
    });
    const payouts = programs.map((p: { minPayout: string }) => Number(p.minPayout.slice(1)));
    expect(Math.min(...payouts)).toBe(0);
    expect(Math.max(...payouts)).toBe(100);
    expect(new Set(programs.flatMap((p: { paymentModels: string[] }) => p.paymentModels))).toEqual(new Set(['RevShare', 'CPA', 'Hybrid']));

    const categories = (await app.http.get('/api/resources/tools').set(bearer(entitled)).expect(200)).body.categories;
    expect(categories.map((c: { title: string }) => c.title)).toEqual([
      'Payment & Cards',
      'Spy Services',
      'Tracking & Analytics',
      'Cloaking & Security',
      'Browser & Automation',
      'Traffic & Optimization',
    ]);
    for (const c of categories) expect(c.tools.length).toBeLessThanOrEqual(3);
    const tools = categories.flatMap((c: { tools: Array<{ promoCode: string | null }> }) => c.tools);
    expect(tools.filter((t: { promoCode: string | null }) => t.promoCode === 'CPARIP').length).toBeGreaterThanOrEqual(3);
    expect(tools[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      description: expect.any(String),
      website: expect.any(String),
      promoCode: expect.anything(),
      discount: expect.anything(),
    });

    const automations = (await app.http.get('/api/resources/automations').set(bearer(entitled)).expect(200)).body.items;
    expect(automations).toHaveLength(12);
    expect(Object.keys(automations[0]).sort()).toEqual(['category', 'department', 'description', 'icon', 'id', 'link', 'name']);

    const bots = (await app.http.get('/api/resources/bots').set(bearer(entitled)).expect(200)).body.items;
    expect(bots).toHaveLength(4);
    expect(bots.every((b: { price: string; features: string[] }) => b.price === 'Free' && b.features.length > 0)).toBe(true);
    expect(Object.keys(bots[0]).sort()).toEqual(['description', 'downloadUrl', 'features', 'id', 'image', 'name', 'price']);

    const folders = (await app.http.get('/api/resources/cloud-folders').set(bearer(entitled)).expect(200)).body.items;
    expect(folders).toHaveLength(12);
    expect(folders.every((f: { url: string }) => f.url.startsWith('https://drive.example.com/'))).toBe(true);

    const content = (await app.http.get('/api/resources/content').query({ pageSize: 100 }).set(bearer(entitled)).expect(200)).body;
    expect(content.total).toBeGreaterThanOrEqual(12);
    expect(new Set(content.items.map((i: { type: string }) => i.type))).toEqual(new Set(['video', 'document', 'image', 'audio']));

    const testimonials = (await app.http.get('/api/testimonials').expect(200)).body.testimonials;
    expect(testimonials).toHaveLength(8);
    expect(testimonials.every((t: { rating: number }) => t.rating === 5)).toBe(true);

    const all = JSON.stringify([programs, categories, automations, bots, folders, content.items]);
    const hosts = [...all.matchAll(/https?:\/\/([^/"]+)/g)].map((m) => m[1]);
    expect(hosts.every((h) => h === 'example.com' || h.endsWith('.example.com'))).toBe(true);
  });

  it('shows learners only published records', async () => {
    await app.db.query(`INSERT INTO affiliate_programs (name, website, published) VALUES ('Hidden Program', 'https://hidden.example.com', false)`);
    await app.db.query(`INSERT INTO automation_templates (name, link, published) VALUES ('Hidden Flow', 'https://hidden.example.com', false)`);
    await app.db.query(`INSERT INTO bots (name, published) VALUES ('Hidden Bot', false)`);
    await app.db.query(`INSERT INTO cloud_folders (title, url, published) VALUES ('Hidden Folder', 'https://hidden.example.com', false)`);
    await app.db.query(`INSERT INTO testimonials (name, text, published) VALUES ('Hidden Person', 'Not yet', false)`);
    await createToolCategory(app.db, 'Hidden Category', [{ name: 'Tool In Hidden Category' }], false);
    await createToolCategory(app.db, 'Visible Category', [{ name: 'Visible Tool' }, { name: 'Hidden Tool', published: false }]);
    await createContentItem(app.db, { title: 'Hidden Content', published: false });

    const bodies = await Promise.all([...LEARNER_ENDPOINTS.map((p) => app.http.get(p).set(bearer(entitled))), app.http.get('/api/testimonials')]);
    const text = JSON.stringify(bodies.map((r) => r.body));
    expect(text).not.toMatch(/Hidden/);
    expect(text).toContain('Visible Tool');
  });

  it('sends testimonials to anyone, without a session', async () => {
    const res = await app.http.get('/api/testimonials').expect(200);
    expect(res.body.testimonials[0]).toEqual({ id: expect.any(Number), name: expect.any(String), text: expect.any(String), rating: 5 });
  });
});

describe('learner content database', () => {
  let app: TestApp;
  let entitled: string;
  let withoutAccess: string;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const pdfBytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256))]);
  let pdfItem: number;
  let linkItem: number;

  const titles = async (query: Record<string, string | number>) => {
    const res = await app.http.get('/api/resources/content').query(query).set(bearer(entitled)).expect(200);
    return res.body.items.map((i: { title: string }) => i.title);
  };

  beforeAll(async () => {
    app = await startTestApp();
    entitled = await login(app, await createUser(app.db, { access: true }));
    withoutAccess = await login(app, await createUser(app.db, { access: false }));
    const mediaDir = `${app.dataDir}/media`;
    pdfItem = await createContentItem(app.db, {
      title: 'Funnel Guide',
      type: 'document',
      category: 'marketing',
      tags: ['Funnels', 'ROI'],
      daysAgo: 1,
      file: { mediaDir, bytes: pdfBytes, name: 'funnel guide.pdf', mimeType: 'application/pdf' },
    });
    await createContentItem(app.db, {
      title: 'Banner Pack',
      type: 'image',
      category: 'design',
      tags: ['creatives'],
      daysAgo: 2,
      file: { mediaDir, bytes: Buffer.alloc(2048, 7), name: 'banners.png', mimeType: 'image/png' },
    });
    linkItem = await createContentItem(app.db, {
      title: 'Python Scraping',
      type: 'video',
      category: 'programming',
      tags: ['python', 'ROI tracking'],
      daysAgo: 3,
      fileUrl: 'https://media.example.com/v/1',
    });
    await createContentItem(app.db, {
      title: 'Podcast: roi stories',
      type: 'audio',
      category: 'business',
      tags: [],
      daysAgo: 4,
      fileUrl: 'https://media.example.com/a/1',
    });
    await createContentItem(app.db, {
      title: 'Marketing Video',
      type: 'video',
      category: 'marketing',
      tags: ['Ads'],
      daysAgo: 5,
      fileUrl: 'https://media.example.com/v/2',
    });
    await createContentItem(app.db, {
      title: 'Unpublished ROI Draft',
      type: 'document',
      published: false,
      file: { mediaDir, bytes: Buffer.alloc(999999), name: 'draft.pdf', mimeType: 'application/pdf' },
    });
  });
  afterAll(() => app.close());

  it('answers the ContentPage shape with the stat tiles from real sizes', async () => {
    const res = await app.http.get('/api/resources/content').query({ page: 1, pageSize: 2 }).set(bearer(entitled)).expect(200);
    expect(res.body).toEqual({
      items: [expect.objectContaining({ title: 'Funnel Guide' }), expect.objectContaining({ title: 'Banner Pack' })],
      total: 5,
      page: 1,
      pageSize: 2,
      stats: { totalItems: 5, videos: 2, documents: 1, storageUsed: '4.9 KB' },
    });
    expect(res.body.items[0]).toEqual({
      id: pdfItem,
      title: 'Funnel Guide',
      type: 'document',
      category: 'marketing',
      duration: null,
      size: null,
      tags: ['Funnels', 'ROI'],
      dateAdded: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      thumbnail: null,
      viewUrl: expect.stringMatching(
        new RegExp(`^/api/resources/content/${pdfItem}/download\\?u=[0-9a-f-]{36}&v=\\d+&s=[0-9a-f-]{36}&exp=\\d+&sig=[\\w-]{43}&inline=1$`),
      ),
      downloadUrl: expect.stringMatching(
        new RegExp(`^/api/resources/content/${pdfItem}/download\\?u=[0-9a-f-]{36}&v=\\d+&s=[0-9a-f-]{36}&exp=\\d+&sig=[\\w-]{43}$`),
      ),
    });
  });

  it('searches title or any tag case-insensitively and combines with the filters', async () => {
    expect(await titles({ q: 'roi' })).toEqual(['Funnel Guide', 'Python Scraping', 'Podcast: roi stories']);
    expect(await titles({ q: 'FUNNELS' })).toEqual(['Funnel Guide']);
    expect(await titles({ q: 'roi', type: 'video' })).toEqual(['Python Scraping']);
    expect(await titles({ q: 'roi', category: 'business' })).toEqual(['Podcast: roi stories']);
    expect(await titles({ category: 'marketing', type: 'video' })).toEqual(['Marketing Video']);
    expect(await titles({ q: 'nothing like this' })).toEqual([]);
    expect(await titles({ q: '%' })).toEqual([]);
    const filtered = await app.http.get('/api/resources/content').query({ q: 'roi', pageSize: 1, page: 2 }).set(bearer(entitled)).expect(200);
    expect(filtered.body).toMatchObject({ total: 3, page: 2, pageSize: 1, items: [{ title: 'Python Scraping' }], stats: { totalItems: 5 } });
  });

  it.each([
    [{ type: 'movie' }, 'type'],
    [{ category: 'cooking' }, 'category'],
    [{ page: 0 }, 'page'],
    [{ pageSize: 1000 }, 'pageSize'],
    [{ page: 'x' }, 'page'],
    [{ page: '1e20' }, 'page'],
    [{ sort: 'title' }, 'sort'],
  ])('refuses the bad query %p with a field message', async (query, field) => {
    const res = await app.http.get('/api/resources/content').query(query).set(bearer(entitled)).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', errors: { [field]: expect.any(String) } });
  });

  it('downloads the exact bytes for an entitled learner only', async () => {
    await app.http.get(`/api/resources/content/${pdfItem}/download`).expect(401);
    await app.http.get(`/api/resources/content/${pdfItem}/download`).set(bearer(withoutAccess)).expect(403);
    const res = await binary(app.http.get(`/api/resources/content/${pdfItem}/download`).set(bearer(entitled))).expect(200);
    expect(Buffer.compare(res.body as Buffer, pdfBytes)).toBe(0);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment; filename="funnel guide.pdf"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves a plain link (no bearer token) through the signed download URL while the learner keeps access', async () => {
    const holder = await createUser(app.db, { access: true });
    const token = await login(app, holder);
    const page = await app.http.get('/api/resources/content').query({ q: 'Funnel Guide' }).set(bearer(token)).expect(200);
    const url: string = page.body.items[0].downloadUrl;
    const res = await binary(app.http.get(url)).expect(200);
    expect(Buffer.compare(res.body as Buffer, pdfBytes)).toBe(0);
    const view = await binary(app.http.get(page.body.items[0].viewUrl)).expect(200);
    expect(Buffer.compare(view.body as Buffer, pdfBytes)).toBe(0);
    expect(view.headers['content-disposition']).toMatch(/^inline; /);

    const tampered = url.replace(/sig=([\w-])/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect((await app.http.get(tampered).expect(403)).body.message).toBe('This download link is not valid');
    await app.http.get(url.replace(`/content/${pdfItem}/`, `/content/${linkItem}/`)).expect(403);
    await app.http.get(url.replace(/exp=(\d+)/, (_m, exp: string) => `exp=${Number(exp) + 3600}`)).expect(403);
    await app.http.get(url.replace(/&sig=.*$/, '')).expect(401);
    await app.http.get(`${url}&extra=1`).expect(400);

    await app.db.query(`UPDATE entitlements SET revoked_at = now() WHERE user_id = $1`, [holder.id]);
    const revoked = await app.http.get(url).expect(403);
    expect(revoked.body.message).toContain('Lifetime access');
    expect((await app.http.get(page.body.items[0].viewUrl).expect(403)).body.message).toContain('Lifetime access');
  });

  it('redirects to an external link and hides unpublished or unknown items', async () => {
    const res = await app.http.get(`/api/resources/content/${linkItem}/download`).set(bearer(entitled)).expect(302);
    expect(res.headers.location).toBe('https://media.example.com/v/1');
    const [{ id: hidden }] = await app.db.query(`SELECT id FROM content_items WHERE NOT published`);
    await app.http.get(`/api/resources/content/${hidden}/download`).set(bearer(entitled)).expect(404);
    await app.http.get('/api/resources/content/999999/download').set(bearer(entitled)).expect(404);
    await app.http.get('/api/resources/content/abc/download').set(bearer(entitled)).expect(400);
  });

  it('answers 404 when an uploaded file is gone from storage', async () => {
    const mediaDir = `${app.dataDir}/media`;
    const id = await createContentItem(app.db, {
      title: 'Lost File',
      file: { mediaDir, bytes: Buffer.from('%PDF-1.4 lost'), name: 'lost.pdf', mimeType: 'application/pdf' },
    });
    const [{ file_url: url }] = await app.db.query('SELECT file_url FROM content_items WHERE id = $1', [id]);
    rmSync(`${mediaDir}/${url.slice('/media/'.length)}`);
    const res = await app.http.get(`/api/resources/content/${id}/download`).set(bearer(entitled)).expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, message: 'The file is missing from storage' });
  });
});
