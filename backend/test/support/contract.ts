import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type supertest from 'supertest';

/** The committed contract (`npm run openapi` writes it from the code). */
export const DOCUMENT_FILE = join(__dirname, '..', '..', 'openapi.json');

interface MediaType {
  schema?: unknown;
}
interface Response {
  $ref?: string;
  content?: Record<string, MediaType>;
}
interface Operation {
  responses: Record<string, Response>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, Response> };
}

/** What the test received, as the checker needs it. */
export interface ReceivedResponse {
  method: string;
  /** The request path as sent (query included or not). */
  path: string;
  status: number;
  contentType: string | undefined;
  /** The parsed JSON body, for JSON answers. */
  body: unknown;
}

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  /** Literal segments outrank parameters: /users/summary before /users/{id}. */
  rank: number[];
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);
const JSON_TYPE = /^application\/(.+\+)?json$/;
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * Checks answers against the OpenAPI document: the operation (method and
 * path template) must document the status, the content type must be one it
 * names, and a JSON body must match its schema (closed objects: an
 * undocumented field fails). A path no operation has may only answer the
 * error shape (an unknown route's 404).
 */
export class Contract {
  private readonly ajv: Ajv2020;
  private readonly routes: Route[];
  private readonly validators = new Map<string, ValidateFunction>();
  checked = 0;

  constructor(readonly document: OpenApiDocument) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema(document as object, 'openapi');
    this.routes = Object.entries(document.paths)
      .flatMap(([template, item]) =>
        Object.keys(item)
          .filter((method) => METHODS.has(method))
          .map((method) => {
            const segments = template.split('/');
            return {
              method,
              template,
              pattern: new RegExp(`^${segments.map((s) => (/^\{.+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/')}$`),
              rank: segments.map((s) => (/^\{.+\}$/.test(s) ? 1 : 0)),
            };
          }),
      )
      .sort((a, b) => compareRanks(a.rank, b.rank));
  }

  static fromFile(file = DOCUMENT_FILE): Contract {
    return new Contract(JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument);
  }

  /** Throws an Error naming every way the answer breaks the contract; counts the answers checked. */
  check(received: ReceivedResponse): void {
    const method = received.method.toLowerCase();
    const path = decodedPath(received.path.split('?')[0]);
    if (!path.startsWith('/api/') || method === 'head' || method === 'options' || path.startsWith('/api/docs')) return;
    this.checked++;
    const route = this.routes.find((r) => r.method === method && r.pattern.test(path));
    const where = `${method.toUpperCase()} ${path} -> ${received.status}`;
    if (!route) {
      // No operation: only an unknown route's (or an unsupported method's) error answer is acceptable.
      if (received.status !== 404 && received.status !== 405) throw new Error(`${where}: no operation of the OpenAPI document matches this request`);
      this.validate(where, '#/components/schemas/ErrorBody', received.body);
      return;
    }
    const operation = this.document.paths[route.template][route.method];
    const status = String(received.status);
    const statusKey = [status, `${status[0]}XX`, 'default'].find((key) => operation.responses[key] !== undefined);
    if (!statusKey) {
      throw new Error(
        `${where}: status ${status} is not documented for ${route.method.toUpperCase()} ${route.template} (documented: ${Object.keys(operation.responses).join(', ')})`,
      );
    }
    // A shared answer (components.responses) is checked where it is defined.
    const shared = operation.responses[statusKey].$ref?.replace('#/components/responses/', '');
    const documented = shared ? this.document.components!.responses![shared] : operation.responses[statusKey];
    const base = shared ? pointer('components', 'responses', shared) : pointer('paths', route.template, route.method, 'responses', statusKey);
    const content = documented.content ?? {};
    const type = received.contentType?.split(';')[0].trim().toLowerCase();
    if (!type) {
      if (Object.keys(content).length > 0 && received.status !== 204 && received.body !== undefined && received.body !== '') {
        throw new Error(`${where}: the answer has no content type; documented: ${Object.keys(content).join(', ')}`);
      }
      return;
    }
    const mediaKey = Object.keys(content).find((key) => key === type || key === '*/*' || (key.endsWith('/*') && type.startsWith(key.slice(0, -1))));
    if (!mediaKey) {
      // A download's own type (a PDF, an image) where the document names the generic binary type.
      if (!JSON_TYPE.test(type) && content['application/octet-stream']) return;
      throw new Error(
        `${where}: content type ${type} is not documented for ${route.method.toUpperCase()} ${route.template} (documented: ${Object.keys(content).join(', ') || 'no body'})`,
      );
    }
    if (!JSON_TYPE.test(type) || content[mediaKey].schema === undefined) return;
    this.validate(where, `openapi#/${base}/${pointer('content', mediaKey, 'schema')}`, received.body);
  }

  private validate(where: string, ref: string, body: unknown): void {
    const key = ref.startsWith('#') ? `openapi${ref}` : ref;
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile({ $ref: key });
      this.validators.set(key, validate);
    }
    if (!validate(body)) {
      const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
      throw new Error(`${where}: the answer does not match its documented schema:\n  ${problems.join('\n  ')}\nBody: ${JSON.stringify(body).slice(0, 2000)}`);
    }
  }
}

/** The path as the router matches it: repeated slashes as one, escaped characters decoded (`%61dmin` is `admin`), escaped separators kept. */
function decodedPath(raw: string): string {
  const path = raw.replace(/\/{2,}/g, '/');
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

let shared: Contract | undefined;

/** The contract of this test run, read once per test file. */
export function contract(): Contract {
  shared ??= Contract.fromFile();
  return shared;
}

type Agent = ReturnType<typeof supertest>;
type Callback = (err: unknown, res: supertest.Response) => void;
const AGENT_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/**
 * A supertest agent whose every answer is checked against the contract
 * before the test sees it: a violation fails the request (and so the test)
 * with what is wrong.
 */
export function checkedByContract(agent: Agent): Agent {
  return new Proxy(agent, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof prop !== 'string' || !AGENT_METHODS.has(prop) || typeof value !== 'function') return value;
      return (...args: unknown[]) => watch((value as (...a: unknown[]) => supertest.Test).apply(target, args));
    },
  });
}

function watch(test: supertest.Test): supertest.Test {
  const end = test.end.bind(test) as (callback: Callback) => supertest.Test;
  test.end = ((callback: Callback) =>
    end((err, res) => {
      if (!err && res) {
        try {
          contract().check({
            method: (test as unknown as { method: string }).method,
            path: (res as unknown as { req: { path: string } }).req.path,
            status: res.status,
            contentType: res.headers['content-type'] as string | undefined,
            body: res.body as unknown,
          });
        } catch (violation) {
          callback(violation, res);
          return;
        }
      }
      callback(err, res);
    })) as supertest.Test['end'];
  return test;
}

/** How many answers this test file had checked. */
export function checkedSoFar(): number {
  return shared?.checked ?? 0;
}
