import { adminToken, createUser, login } from '../factories/users.factory';
import { startTestApp, type TestApp } from '../support/test-app';
import { createToolCategory } from './resources.factory';

type Body = Record<string, unknown>;

describe('admin resources API (simple-rest)', () => {
  let app: TestApp;
  let token: string;
  let adminId: string;
  let categoryId: number;
  const auth = () => ({ authorization: `Bearer ${token}` });

  const validBodies = (): Array<[string, Body, Body]> => [
    [
      'affiliate-programs',
      { name: 'Orbit Partners', website: 'https://orbit.example.com', description: 'Casino brands', minPayout: '$50', paymentModels: ['CPA', 'RevShare'] },
      { description: 'Casino and sportsbook brands' },
    ],
    ['tool-categories', { title: 'Research', icon: 'search' }, { icon: 'compass' }],
    [
      'tools',
      { categoryId, name: 'Scout', description: 'Spy tool', website: 'https://scout.example.com', promoCode: 'CPARIP', discount: '10%' },
      { discount: '20%' },
    ],
    [
      'automations',
      { name: 'Sync Leads', description: 'CRM sync', icon: 'users', department: 'Sales', category: 'CRM', link: 'https://example.com/flows/sync' },
      { department: 'Marketing' },
    ],
    [
      'bots',
      {
        name: 'Helper Bot',
        description: 'Replies',
        image: 'https://example.com/bot.png',
        features: ['Fast', 'Safe'],
        downloadUrl: 'https://example.com/bot.zip',
      },
      { features: ['Fast'] },
    ],
    [
      'content',
      { title: 'Ad Copy Guide', type: 'document', category: 'marketing', tags: ['copy', 'ads'], dateAdded: '2026-01-15', fileUrl: 'https://example.com/guide' },
      { tags: ['copy'] },
    ],
    ['cloud-folders', { title: 'Creatives', description: 'Shared folder', url: 'https://drive.example.com/creatives' }, { title: 'Creatives 2026' }],
    ['testimonials', { name: 'Ana P.', text: 'Great course', rating: 5 }, { rating: 4, published: false }],
  ];

  beforeAll(async () => {
    app = await startTestApp();
    const admin = await adminToken(app);
    token = admin.token;
    adminId = admin.user.id;
    categoryId = await createToolCategory(app.db, 'Starter Category');
  });
  afterAll(() => app.close());

  it('is for admins only: 401 without a token, 403 for a learner', async () => {
    const learner = await login(app, await createUser(app.db, { access: true }));
    for (const [resource] of validBodies()) {
      await app.http.get(`/api/admin/${resource}`).expect(401);
      await app.http.get(`/api/admin/${resource}`).set('authorization', `Bearer ${learner}`).expect(403);
      await app.http.post(`/api/admin/${resource}`).set('authorization', `Bearer ${learner}`).send({}).expect(403);
    }
  });

  it.each([0, 1, 2, 3, 4, 5, 6, 7])('round-trips create, get, list, update (whole record) and delete for kind #%p, with audit rows', async (index) => {
    const [resource, body, change] = validBodies()[index];
    const created = await app.http.post(`/api/admin/${resource}`).set(auth()).send(body).expect(201);
    expect(created.body).toMatchObject({ ...body, id: expect.any(Number), published: true, sortOrder: 0 });
    const id = created.body.id;

    const got = await app.http.get(`/api/admin/${resource}/${id}`).set(auth()).expect(200);
    expect(got.body).toEqual(created.body);

    const list = await app.http
      .get(`/api/admin/${resource}`)
      .query({ filter: JSON.stringify({ id: [id] }) })
      .set(auth())
      .expect(200);
    expect(list.body).toEqual([created.body]);
    expect(list.headers['content-range']).toBe(`${resource} 0-0/1`);

    const updated = await app.http
      .put(`/api/admin/${resource}/${id}`)
      .set(auth())
      .send({ ...got.body, ...change })
      .expect(200);
    expect(updated.body).toMatchObject({ ...body, ...change, id });
    expect((await app.http.get(`/api/admin/${resource}/${id}`).set(auth()).expect(200)).body).toEqual(updated.body);

    const deleted = await app.http.delete(`/api/admin/${resource}/${id}`).set(auth()).expect(200);
    expect(deleted.body).toEqual(updated.body);
    await app.http.get(`/api/admin/${resource}/${id}`).set(auth()).expect(404);
    await app.http.put(`/api/admin/${resource}/${id}`).set(auth()).send(change).expect(404);

    const audit = await app.db.query(`SELECT action, actor_id, summary, changes FROM audit_log WHERE resource = $1 AND resource_id = $2 ORDER BY id`, [
      resource,
      String(id),
    ]);
    expect(audit.map((a: { action: string }) => a.action)).toEqual(['create', 'update', 'delete']);
    expect(audit.every((a: { actor_id: string }) => a.actor_id === adminId)).toBe(true);
    const [field] = Object.keys(change);
    expect(audit[1].changes).toEqual({
      before: expect.objectContaining({ [field]: body[field] ?? expect.anything() }),
      after: expect.objectContaining({ [field]: change[field] }),
    });
    expect(Object.keys(audit[1].changes.after).sort()).toEqual(Object.keys(change).sort());
  });

  it('lists with Content-Range, range, allow-listed sort and typed filters', async () => {
    for (const [i, name] of ['Bravo Bets', 'alpha Affiliates', 'Charlie Casino', 'Delta Odds'].entries()) {
      await app.http
        .post('/api/admin/affiliate-programs')
        .set(auth())
        .send({ name, website: `https://p${i}.example.com`, description: i === 3 ? 'Sports only' : 'Casino', published: i !== 2, sortOrder: 10 - i })
        .expect(201);
    }
    const page = await app.http.get('/api/admin/affiliate-programs').query({ sort: '["name","ASC"]', range: '[0,1]' }).set(auth()).expect(200);
    expect(page.headers['content-range']).toBe('affiliate-programs 0-1/4');
    expect(page.body.map((p: { name: string }) => p.name)).toEqual(['alpha Affiliates', 'Bravo Bets']);

    const next = await app.http.get('/api/admin/affiliate-programs').query({ sort: '["name","ASC"]', range: '[2,3]' }).set(auth()).expect(200);
    expect(next.headers['content-range']).toBe('affiliate-programs 2-3/4');
    expect(next.body.map((p: { name: string }) => p.name)).toEqual(['Charlie Casino', 'Delta Odds']);

    const bySortOrder = await app.http.get('/api/admin/affiliate-programs').query({ sort: '["sortOrder","ASC"]' }).set(auth()).expect(200);
    expect(bySortOrder.body[0].name).toBe('Delta Odds');

    const searched = await app.http.get('/api/admin/affiliate-programs').query({ filter: '{"q":"CASINO"}', sort: '["name","DESC"]' }).set(auth()).expect(200);
    expect(searched.body.map((p: { name: string }) => p.name)).toEqual(['Charlie Casino', 'Bravo Bets', 'alpha Affiliates']);

    const hidden = await app.http.get('/api/admin/affiliate-programs').query({ filter: '{"published":false}' }).set(auth()).expect(200);
    expect(hidden.body.map((p: { name: string }) => p.name)).toEqual(['Charlie Casino']);
    expect(hidden.headers['content-range']).toBe('affiliate-programs 0-0/1');

    const empty = await app.http.get('/api/admin/affiliate-programs').query({ filter: '{"q":"zzz"}' }).set(auth()).expect(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers['content-range']).toBe('affiliate-programs 0-0/0');
  });

  it.each([
    ['affiliate-programs', { sort: '["website","ASC"]' }, 'sort'],
    ['affiliate-programs', { sort: '["name; DROP TABLE tools","ASC"]' }, 'sort'],
    ['testimonials', { sort: '["text","ASC"]' }, 'sort'],
    ['content', { sort: '["name","SIDEWAYS"]' }, 'sort'],
    ['tools', { range: '[5,1]' }, 'range'],
    ['content', { filter: '{"type":"movie"}' }, 'filter.type'],
    ['tools', { filter: '{"categoryId":"abc"}' }, 'filter.categoryId'],
    ['bots', { filter: '{"price":"Free"}' }, 'filter.price'],
    ['bots', { filter: '{"id":["x"]}' }, 'filter.id'],
  ])('%s refuses the bad list query %p with 400', async (resource, query, field) => {
    const res = await app.http.get(`/api/admin/${resource}`).query(query).set(auth()).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', errors: { [field]: expect.any(String) } });
  });

  it.each([
    ['affiliate-programs', { website: 'https://x.example.com' }, { name: 'Name is required' }],
    ['affiliate-programs', { name: '  ', website: 'javascript:alert(1)' }, { name: 'Name is required', website: 'Website must be an http(s) URL' }],
    [
      'affiliate-programs',
      { name: 'X', website: 'https://x.example.com', paymentModels: ['Barter'] },
      { paymentModels: 'Payment models must only contain RevShare, CPA, Hybrid' },
    ],
    ['cloud-folders', { title: 'F', url: 'ftp://files.example.com/f' }, { url: 'URL must be an http(s) URL' }],
    ['automations', { name: 'A', link: 'example.com/flow' }, { link: 'Link must be an http(s) URL' }],
    ['bots', { name: 'B', downloadUrl: 'file:///etc/passwd' }, { downloadUrl: 'Download must be an http(s) URL or an uploaded file' }],
    [
      'bots',
      { name: 'B', downloadUrl: '/media/0123456789abcdef0123456789abcdef.zip' },
      { downloadUrl: 'Download: no uploaded file at /media/0123456789abcdef0123456789abcdef.zip' },
    ],
    ['testimonials', { name: 'T', text: 'Good', rating: 6 }, { rating: 'Rating must be a whole number from 1 to 5' }],
    ['testimonials', { name: 'T', text: 'Good', rating: 0 }, { rating: 'Rating must be a whole number from 1 to 5' }],
    [
      'content',
      { title: 'C', type: 'movie', category: 'cooking', dateAdded: 'yesterday' },
      {
        type: 'Type must be one of video, document, image, audio',
        category: 'Category must be one of programming, marketing, design, business',
        dateAdded: 'Date added must be a date (YYYY-MM-DD)',
      },
    ],
    ['tools', { name: 'T', website: 'https://t.example.com' }, { categoryId: 'Category is required' }],
    ['tools', { categoryId: 999999, name: 'T', website: 'https://t.example.com' }, { categoryId: 'Tool category not found' }],
    ['tool-categories', { title: 'T', secret: 1 }, { secret: 'Unknown field secret' }],
  ])('%s refuses %p with field messages', async (resource, body, errors) => {
    const res = await app.http.post(`/api/admin/${resource}`).set(auth()).send(body).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', errors });
    expect(Object.keys(res.body.errors).sort()).toEqual(Object.keys(errors).sort());
  });

  it('refuses a bad update without changing anything', async () => {
    const created = await app.http.post('/api/admin/testimonials').set(auth()).send({ name: 'Kim', text: 'Nice' }).expect(201);
    const res = await app.http
      .put(`/api/admin/testimonials/${created.body.id}`)
      .set(auth())
      .send({ ...created.body, rating: 6, name: '' })
      .expect(400);
    expect(res.body.errors).toEqual({ rating: 'Rating must be a whole number from 1 to 5', name: 'Name is required' });
    expect((await app.http.get(`/api/admin/testimonials/${created.body.id}`).set(auth()).expect(200)).body).toEqual(created.body);
    await app.http.put('/api/admin/testimonials/abc').set(auth()).send({ rating: 3 }).expect(400);
  });

  it('documents every admin resource in the OpenAPI document with distinct operation ids', async () => {
    const doc = (await app.http.get('/api/docs/openapi.json').expect(200)).body;
    const ids: string[] = [];
    for (const [resource] of validBodies()) {
      expect(Object.keys(doc.paths[`/api/admin/${resource}`]).sort()).toEqual(['get', 'post']);
      expect(Object.keys(doc.paths[`/api/admin/${resource}/{id}`]).sort()).toEqual(['delete', 'get', 'put']);
      for (const path of [`/api/admin/${resource}`, `/api/admin/${resource}/{id}`]) {
        for (const op of Object.values(doc.paths[path]) as Array<{ operationId: string }>) ids.push(op.operationId);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/resources/content/{id}/download']).toBeDefined();
  });

  it('allows at most 3 tools per category, on create and on move', async () => {
    const full = await createToolCategory(app.db, 'Full Category');
    const other = await createToolCategory(app.db, 'Other Category', [{ name: 'Mover' }]);
    for (const name of ['One', 'Two', 'Three']) {
      await app.http.post('/api/admin/tools').set(auth()).send({ categoryId: full, name, website: 'https://t.example.com' }).expect(201);
    }
    const fourth = await app.http.post('/api/admin/tools').set(auth()).send({ categoryId: full, name: 'Four', website: 'https://t.example.com' }).expect(400);
    const message = 'The category "Full Category" already has 3 tools, the most a category may hold. Remove one or choose another category.';
    expect(fourth.body).toMatchObject({ statusCode: 400, message, errors: { categoryId: message } });

    const [{ id: mover }] = await app.db.query(`SELECT id FROM tools WHERE category_id = $1`, [other]);
    const moved = await app.http.put(`/api/admin/tools/${mover}`).set(auth()).send({ categoryId: full }).expect(400);
    expect(moved.body.errors.categoryId).toBe(message);

    const [{ count }] = await app.db.query(`SELECT count(*)::int AS count FROM tools WHERE category_id = $1`, [full]);
    expect(count).toBe(3);
    const [{ id: existing }] = await app.db.query(`SELECT id FROM tools WHERE category_id = $1 ORDER BY id LIMIT 1`, [full]);
    await app.http.put(`/api/admin/tools/${existing}`).set(auth()).send({ categoryId: full, name: 'One renamed' }).expect(200);

    const concurrent = await Promise.all(
      ['A', 'B', 'C', 'D', 'E'].map((name) =>
        app.http.post('/api/admin/tools').set(auth()).send({ categoryId: other, name, website: 'https://t.example.com' }),
      ),
    );
    expect(concurrent.map((r) => r.status).sort()).toEqual([201, 201, 400, 400, 400]);

    const category = await app.http.get(`/api/admin/tool-categories/${full}`).set(auth()).expect(200);
    expect(category.body.toolCount).toBe(3);
  });
});
