import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { adminToken } from '../factories/users.factory';
import { checkedByContract, checkedSoFar, Contract, DOCUMENT_FILE } from '../support/contract';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The contract every integration test is held to: backend/openapi.json is
 * what the API serves at /api/docs, and the checker that sees every answer
 * (support/contract.ts) refuses what the document does not say.
 */
describe('the OpenAPI contract', () => {
  let app: TestApp;
  let admin: { authorization: string };
  const committed = JSON.parse(readFileSync(DOCUMENT_FILE, 'utf8')) as Record<string, unknown>;
  const contract = new Contract(committed as never);

  beforeAll(async () => {
    app = await startTestApp();
    admin = { authorization: `Bearer ${(await adminToken(app)).token}` };
  });
  afterAll(() => app.close());

  it('is the document the API serves (run `npm run openapi` after changing the API)', async () => {
    const served = (await app.http.get('/api/docs/openapi.json').expect(200)).body as Record<string, unknown>;
    expect(served).toEqual(committed);
  });

  it('checks the answers the tests receive', async () => {
    const before = checkedSoFar();
    await app.http.get('/api/public-config').expect(200);
    await app.http.get('/api/admin/stats').expect(401);
    expect(checkedSoFar()).toBe(before + 2);
  });

  it('accepts a real answer, and refuses it with a field the document does not name', async () => {
    const stats = (await app.http.get('/api/admin/stats').set(admin).expect(200)).body as Record<string, unknown>;
    const answer = { method: 'GET', path: '/api/admin/stats', status: 200, contentType: 'application/json; charset=utf-8' };
    expect(() => contract.check({ ...answer, body: stats })).not.toThrow();
    expect(() => contract.check({ ...answer, body: { ...stats, secret: 'x' } })).toThrow(/must NOT have additional properties.*secret/s);
    expect(() => contract.check({ ...answer, body: { ...stats, totalUsers: 'many' } })).toThrow(/\/totalUsers must be number/);
    const { revenue: _revenue, ...missing } = stats;
    expect(() => contract.check({ ...answer, body: missing })).toThrow(/must have required property 'revenue'/);
  });

  it('refuses a status, a content type or a route the document does not have', () => {
    const error = { statusCode: 418, error: "I'm a Teapot", message: 'No', success: false };
    expect(() => contract.check({ method: 'GET', path: '/api/admin/stats', status: 418, contentType: 'application/json', body: error })).toThrow(
      /status 418 is not documented/,
    );
    expect(() => contract.check({ method: 'GET', path: '/api/admin/stats', status: 200, contentType: 'text/html', body: '<p>' })).toThrow(
      /content type text\/html is not documented/,
    );
    expect(() => contract.check({ method: 'GET', path: '/api/nowhere', status: 200, contentType: 'application/json', body: {} })).toThrow(
      /no operation of the OpenAPI document matches/,
    );
  });

  it('fails the test whose request gets an answer the document does not describe', async () => {
    const stats = (await app.http.get('/api/admin/stats').set(admin).expect(200)).body as Record<string, unknown>;
    // A stand-in server answering the documented route as a drifted API would: an extra field, then an undocumented status.
    const answers = [
      { status: 200, body: { ...stats, secret: 'x' } },
      { status: 418, body: { statusCode: 418, error: "I'm a Teapot", message: 'No', success: false } },
      { status: 200, body: stats },
    ];
    const drifted: Server = createServer((_request, response) => {
      const next = answers.shift()!;
      response.writeHead(next.status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(next.body));
    });
    await new Promise<void>((resolve) => drifted.listen(0, '127.0.0.1', resolve));
    try {
      const http = checkedByContract(supertest(`http://127.0.0.1:${(drifted.address() as AddressInfo).port}`));
      await expect(http.get('/api/admin/stats').expect(200)).rejects.toThrow(/must NOT have additional properties.*secret/s);
      await expect(http.get('/api/admin/stats')).rejects.toThrow(/status 418 is not documented for GET \/api\/admin\/stats/);
      await expect(http.get('/api/admin/stats').expect(200)).resolves.toMatchObject({ body: stats });
    } finally {
      drifted.closeAllConnections();
      await new Promise((resolve) => drifted.close(resolve));
    }
  });

  it('shows in /api/docs only examples its own schemas accept (checkout, the signed IPN, the admin lists and the rest)', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(committed, 'openapi');
    const examples = documentedExamples(committed);
    const wrong = examples.flatMap(({ where, schema, value }) => {
      const validate = ajv.compile(schema);
      return validate(value) ? [] : [`${where}: ${ajv.errorsText(validate.errors)}`];
    });
    expect(wrong).toEqual([]);
    const names = examples.map((e) => e.where);
    for (const expected of [
      'POST /api/payments/create request usdt',
      'POST /api/payments/create 201',
      'GET /api/payments/{paymentId}/status 200',
      'POST /api/payments/webhook/{provider} request finished',
      'GET /api/admin/payments filter filtered',
      'GET /api/admin/payments 200',
      'GET /api/admin/users sort',
      'GET /api/admin/users range',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('holds error answers to the one error shape', async () => {
    const notFound = await app.http.get('/api/admin/users/00000000-0000-4000-8000-000000000000').set(admin).expect(404);
    expect(notFound.body).toMatchObject({ statusCode: 404, success: false });
    const answer = { method: 'GET', path: '/api/admin/users/00000000-0000-4000-8000-000000000000', status: 404, contentType: 'application/json' };
    expect(() => contract.check({ ...answer, body: { message: 'User not found' } })).toThrow(/must have required property 'statusCode'/);
    const unknownRoute = await app.http.get('/api/no-such-route').expect(404);
    expect(unknownRoute.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});

interface Example {
  where: string;
  schema: object;
  value: unknown;
}

/** Every example of the document's parameters, request bodies and answers, with the schema it illustrates (as a reference into the document). */
function documentedExamples(document: Record<string, unknown>): Example[] {
  const found: Example[] = [];
  const pointer = (...parts: string[]) => `openapi#/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
  const fromMedia = (
    where: string,
    base: string[],
    content: Record<string, { schema?: unknown; example?: unknown; examples?: Record<string, { value: unknown }> }> = {},
  ) => {
    for (const [type, media] of Object.entries(content)) {
      if (media.schema === undefined) continue;
      const schema = { $ref: pointer(...base, 'content', type, 'schema') };
      if (media.example !== undefined) found.push({ where, schema, value: media.example });
      for (const [name, example] of Object.entries(media.examples ?? {})) found.push({ where: `${where} ${name}`, schema, value: example.value });
    }
  };
  type Operation = {
    parameters?: Array<{ name: string; content?: Record<string, never> }>;
    requestBody?: { content?: Record<string, never> };
    responses: Record<string, { content?: Record<string, never> }>;
  };
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, operation] of Object.entries(item)) {
      const at = `${method.toUpperCase()} ${path}`;
      (operation.parameters ?? []).forEach((parameter, i) =>
        fromMedia(`${at} ${parameter.name}`, ['paths', path, method, 'parameters', String(i)], parameter.content),
      );
      fromMedia(`${at} request`, ['paths', path, method, 'requestBody'], operation.requestBody?.content);
      for (const [status, response] of Object.entries(operation.responses))
        fromMedia(`${at} ${status}`, ['paths', path, method, 'responses', status], response.content);
    }
  }
  return found;
}
