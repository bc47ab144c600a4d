import { adminToken, createUser, login } from '../factories/users.factory';
import { startTestApp, type TestApp } from '../support/test-app';

type Schema = { $ref?: string; type?: string; properties?: Record<string, Schema>; items?: Schema; format?: string; enum?: unknown[]; allOf?: Schema[] };
interface Operation {
  parameters?: Array<{ name: string; in: 'path' | 'query' | 'header'; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const NUL = 'a\u0000b';
const HUGE = 'x'.repeat(200_000);
const DEEP = (depth: number) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown;

/** Values no well-behaved client sends: wrong types, NUL, huge, out of range, odd dates. */
const HOSTILE: unknown[] = [
  NUL,
  HUGE,
  -1,
  0,
  1e308,
  -1e308,
  2 ** 63,
  1.5,
  'NaN',
  '+275760-09-13',
  '-271821-04-20',
  '0000-00-00',
  [],
  {},
  [NUL],
  { [NUL]: 1 },
  null,
  true,
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '\u202e\ud800',
];
/** Hostile values for path parameters (they travel in the URL). */
const PATH_VALUES = [
  '%00',
  'a%00b',
  '-1',
  '0',
  '99999999999999999999',
  '1.5',
  'NaN',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  '..%2F..%2Fetc',
  'x'.repeat(2000),
];
/** Hostile react-admin list parameters and other query strings. */
const QUERIES: Array<Record<string, string>> = [
  { sort: '["id","ASC"', range: '[0,24]' },
  { sort: JSON.stringify([NUL, 'ASC']), range: '[0,1e309]' },
  { range: '[-5,3]', filter: '{"q":' },
  { filter: JSON.stringify({ q: NUL }) },
  { filter: JSON.stringify({ from: '+275760-09-13', to: '-271821-04-20' }) },
  { filter: JSON.stringify({ id: Array.from({ length: 600 }, (_, i) => i) }) },
  { filter: JSON.stringify({ q: HUGE.slice(0, 3000) }) },
  { filter: JSON.stringify(DEEP(40)) },
  { range: '[0,24]', sort: '["nope","SIDEWAYS"]', filter: '[]' },
  { q: NUL, page: '-1', limit: '1e9', range: '7d' },
];

/**
 * An answer that reveals internals: a stack trace, the ORM, SQL, or file paths. SQL is matched as the ORM writes it (upper
 * case, within one JSON string): "Please select both ... from the list" in two messages of one answer is no leak.
 */
const LEAK_PATTERNS = [
  /QueryFailedError|TypeORMError|\bat [\w.<>]+ \(|node_modules|\/src\/|syntax error at or near|duplicate key value|violates (foreign key|check|unique) constraint/i,
  /\bSELECT\b(?:[^"\\]|\\.)*\bFROM\b/,
];
const LEAK = { test: (text: string) => LEAK_PATTERNS.some((pattern) => pattern.test(text)) };

function resolve(doc: OpenApi, schema?: Schema): Schema | undefined {
  let current = schema;
  for (let i = 0; i < 10 && current?.$ref; i++) current = doc.components?.schemas?.[current.$ref.split('/').pop()!];
  if (current?.allOf) return { type: 'object', properties: Object.assign({}, ...current.allOf.map((s) => resolve(doc, s)?.properties ?? {})) };
  return current;
}

/** Whole bodies that are valid JSON but not an object, where every operation expects one: each must be a 400, never a 5xx. */
const NOT_OBJECTS = ['null', 'true', 'false', '0', '12', '-1.5', '1e308', '""', '"text"', JSON.stringify(NUL), '[]', '[{}]', '[null]', '[1,2,3]'];

/** Bodies (JSON text) built from the operation's own schema: each property in turn holding each hostile value, plus whole-body oddities. */
function bodies(doc: OpenApi, op: Operation): string[] {
  const schema = resolve(doc, op.requestBody?.content?.['application/json']?.schema);
  const out: unknown[] = [{}, DEEP(30)];
  for (const key of Object.keys(schema?.properties ?? {})) for (const value of HOSTILE) out.push({ [key]: value });
  if (schema?.properties) out.push(Object.fromEntries(Object.keys(schema.properties).map((k) => [k, NUL])));
  return out.map((body) => JSON.stringify(body));
}

/**
 * Malformed values for every operation of the OpenAPI document, as an
 * anonymous caller, a learner and an admin: nothing may answer 5xx, and no
 * answer may reveal internals. A body that is JSON but not an object (null,
 * a number, a string, an array, a boolean) is a 400 with the usual error
 * shape wherever it is sent. (JSON nested thousands deep is refused by the
 * parser before any of this: see the fault suite.)
 */
describe('fuzzing every operation of the OpenAPI document', () => {
  let app: TestApp;
  let doc: OpenApi;
  const tokens: Record<string, string | null> = { anonymous: null };

  beforeAll(async () => {
    // With a worker, as the product runs: operations that wait for one (the test email) answer instead of timing out.
    app = await startTestApp({ worker: true });
    doc = (await app.http.get('/api/docs/openapi.json').expect(200)).body;
    tokens.learner = await login(app, await createUser(app.db));
    tokens.admin = (await adminToken(app)).token;
  });
  afterAll(() => app.close());

  it('POST /api/admin/coupons with the JSON body null (the one 500 of the third review) is a 400 in the usual shape and creates nothing', async () => {
    const before = (await app.db.query('SELECT count(*)::int AS n FROM coupons'))[0].n as number;
    for (const body of ['null', '42', '"FREE100"', '["FREE100"]', 'true']) {
      const res = await app.http.post('/api/admin/coupons').set('authorization', `Bearer ${tokens.admin}`).set('content-type', 'application/json').send(body);
      expect({ body, status: res.status, answer: res.body }).toEqual({
        body,
        status: 400,
        answer: { statusCode: 400, error: 'Bad Request', message: 'The request body must be a JSON object', code: 'JSON_NOT_OBJECT', success: false },
      });
    }
    expect((await app.db.query('SELECT count(*)::int AS n FROM coupons'))[0].n).toBe(before);
  });

  // The timeout guards against a hang, not speed: some 26,000 requests one after another take about 2 minutes on an idle 2-core
  // machine, and several times that while the rest of the suite runs beside them.
  it('never answers 5xx nor leaks internals', async () => {
    const failures: string[] = [];
    // Non-object bodies that did not get the usual 400 "must be a JSON object".
    const misjudged: string[] = [];
    let sent = 0;
    let nonObjects = 0;
    // Sign-outs would end the sessions the rest of the run uses: they are fuzzed last.
    const operations = Object.entries(doc.paths)
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })))
      .sort((a, b) => Number(/logout|sign-out/.test(a.path)) - Number(/logout|sign-out/.test(b.path)));
    expect(operations.length).toBeGreaterThan(100);

    for (const { path, method, op } of operations) {
      const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const urls = pathParams.length === 0 ? [path] : PATH_VALUES.map((v) => path.replace(/\{[^}]+\}/g, v));
      const writes = ['post', 'put', 'patch'].includes(method) || op.requestBody !== undefined;
      for (const [who, token] of Object.entries(tokens)) {
        // `body` is the JSON text sent as it is (a null or a number goes out as such, not as `{}`).
        const attempts: Array<{ url: string; query?: Record<string, string>; body?: string }> = [];
        for (const url of urls) attempts.push({ url });
        for (const query of QUERIES) attempts.push({ url: urls[0], query });
        if (writes) for (const body of bodies(doc, op)) attempts.push({ url: urls[0], body });
        // The body is parsed before any guard looks at the caller: one identity (the one that reaches furthest) is enough.
        if (writes && who === 'admin') for (const body of NOT_OBJECTS) attempts.push({ url: urls[0], body });
        for (const attempt of attempts) {
          let req = app.http[method as 'get'](attempt.url).query(attempt.query ?? {});
          if (token) req = req.set('authorization', `Bearer ${token}`);
          const res = await (writes ? req.set('content-type', 'application/json').send(attempt.body ?? '{}') : req);
          sent++;
          const text = res.text ?? '';
          const what = `${method.toUpperCase()} ${attempt.url.slice(0, 120)} as ${who} ${(attempt.body ?? JSON.stringify(attempt.query ?? '')).slice(0, 120)}`;
          if (res.status >= 500 || LEAK.test(text)) failures.push(`${what} -> ${res.status} ${text.slice(0, 200)}`);
          if (attempt.body !== undefined && NOT_OBJECTS.includes(attempt.body)) {
            nonObjects++;
            if (res.status !== 400 || !/must be a JSON object/.test(String(res.body?.message)))
              misjudged.push(`${what} -> ${res.status} ${text.slice(0, 200)}`);
          }
        }
      }
    }
    console.log(
      `fuzz: ${sent} requests over ${operations.length} operations (${nonObjects} with a body that is not an object), ${failures.length} responses >= 500 or leaking internals`,
    );
    expect(failures).toEqual([]);
    expect(misjudged).toEqual([]);
  }, 900_000);
});
