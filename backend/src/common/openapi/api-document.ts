import type { INestApplication, Type } from '@nestjs/common';
import { STATUS_CODES } from 'node:http';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer, Reflector } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { OperationObject, PathItemObject, ResponseObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { apiKeyResource } from '../auth/api-key-routes';
import { ADMIN_ONLY, REQUIRES_ACCESS, SIGNED_LINK, type SignedLinkSpec } from '../auth/decorators';
import { IS_PUBLIC } from '../auth/public.decorator';
import { ErrorBody } from '../errors/error-body';
import { ERROR_MEANINGS, errorResponse, MessageResult, SuccessResult, type ErrorStatus } from './api-responses';

/** The security schemes of the API; every operation names which of them it accepts (an empty list: public). */
export const SECURITY_SCHEMES = {
  learner: 'learner',
  admin: 'admin',
  apiKey: 'apiKey',
  signedLink: 'signedLink',
  providerSignature: 'providerSignature',
} as const;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
type Method = (typeof METHODS)[number];

const TAGS: Array<[string, string]> = [
  ['public', 'What the public site reads before anyone signs in'],
  ['auth', 'Learner sign-in, sessions and passwords'],
  ['payments', 'Checkout, payment status, the provider webhook and the sandbox provider'],
  ['courses', 'The course catalogue and lesson files'],
  ['progress', "A learner's completions, resume positions and ratings"],
  ['resources', "The members' resources of the learner dashboard"],
  ['notifications', "The learner dashboard's notifications"],
  ['account', "The learner's account page: profile, email, purchases, receipts, refund requests"],
  ['support', "Learners' messages to support"],
  ['admin', 'The admin console (ra-data-simple-rest lists under /api/admin)'],
  ['health', 'Liveness and readiness'],
  ['dev', 'Development helpers, outside production only (captured mail)'],
];

const DESCRIPTION = `The HTTP API of the course platform: the public site, checkout, the learner area and the admin console.

- **Errors** come in one shape (\`ErrorBody\`): \`{ statusCode, error, message, errors?, code?, success: false }\`; validation errors carry one message per field in \`errors\`.
- **Sessions** are bearer tokens: \`learner\` from \`POST /api/auth/login\` (or account creation), \`admin\` from \`POST /api/admin/login\` (then \`/api/admin/login/two-factor\` when two-factor sign-in applies).
- **API keys** (\`apiKey\`): an admin creates them in the console (\`POST /api/admin/api-keys\`, shown once) and sends one as \`Authorization: Bearer cpk_…\` on the admin operations that list the \`apiKey\` scheme (not the key, sign-in, session and two-factor routes). A key acts as the admin who created it while that account is an active admin, within its scopes per resource (the first path segment after \`/api/admin/\`; \`read\` allows GET, \`write\` every method): an invalid, revoked or expired key answers 401 \`This API key is not valid\`, a request outside its scopes 403 \`This API key may not <read|write> <resource>\`, and past its rate (\`API_KEY_MAX_PER_MINUTE\`) 429 with \`Retry-After\`.
- **Admin lists** follow ra-data-simple-rest: \`sort\`, \`range\` and \`filter\` are JSON query parameters and the page comes back as a bare array with \`Content-Range: <resource> <first>-<last>/<total>\`.
- **Paid files** open through signed links (\`u\`, \`v\`, \`exp\`, \`sig\`) that the listing answers carry.
- **Payment notifications** (IPN) are signed by the provider: \`x-nowpayments-sig\` is the HMAC-SHA512 (hex) of the JSON body with its keys sorted recursively.`;

function documentConfig(): Omit<OpenAPIObject, 'paths'> {
  const builder = new DocumentBuilder()
    .setTitle('Course platform API')
    .setDescription(DESCRIPTION)
    .setVersion('1.0')
    .setLicense('Proprietary', 'https://example.com/terms')
    .addServer('/', 'This server (every path starts with /api)')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A learner session: the token of POST /api/auth/login' }, 'learner')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'An admin-portal session: the token of POST /api/admin/login (or /api/admin/login/two-factor)',
      },
      'admin',
    )
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'cpk_…',
        description:
          'An API key made in the console (Integrations), `cpk_<keyId>_<secret>`: the admin API within its scopes, as the admin who created it. Not on the key, sign-in, session and two-factor routes.',
      },
      'apiKey',
    )
    .addApiKey(
      {
        type: 'apiKey',
        in: 'query',
        name: 'sig',
        description: 'A signed, expiring link to a paid file (query parameters u, v, exp and sig), as the listing that shows the file hands it out',
      },
      'signedLink',
    )
    .addApiKey(
      {
        type: 'apiKey',
        in: 'header',
        name: 'x-nowpayments-sig',
        description: "The payment provider's signature: HMAC-SHA512 (hex) over the JSON body with keys sorted recursively, keyed with the IPN secret",
      },
      'providerSignature',
    );
  for (const [name, description] of TAGS) builder.addTag(name, description);
  return builder.build();
}

/** How the auth guard treats one route, read from the same metadata the guard reads. */
interface RouteAccess {
  isPublic: boolean;
  adminOnly: boolean;
  requiresAccess: boolean;
  signedLink?: SignedLinkSpec;
}

interface Route {
  controller: Type<unknown>;
  handler: (...args: unknown[]) => unknown;
}

/** Every route handler by its operation id (`<Controller without the suffix>_<method>`). */
function routesByOperationId(app: INestApplication): Map<string, Route> {
  const routes = new Map<string, Route>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type<unknown>;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function' || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        if (Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
        const id = operationId(controller.name, name);
        if (routes.has(id)) throw new Error(`Two routes share the operation id ${id}: rename a controller or a method`);
        routes.set(id, { controller, handler: handler as Route['handler'] });
      }
    }
  }
  return routes;
}

const operationId = (controllerKey: string, methodKey: string): string => `${controllerKey.replace(/Controller$/, '')}_${methodKey}`;

function accessOf(reflector: Reflector, route: Route): RouteAccess {
  const targets = [route.handler, route.controller];
  return {
    isPublic: reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ?? false,
    adminOnly: reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets) ?? false,
    requiresAccess: reflector.getAllAndOverride<boolean>(REQUIRES_ACCESS, targets) ?? false,
    signedLink: reflector.getAllAndOverride<SignedLinkSpec | undefined>(SIGNED_LINK, targets),
  };
}

type SecurityRequirement = Record<string, string[]>;

const BEARER: SecurityRequirement[] = [{ [SECURITY_SCHEMES.learner]: [] }, { [SECURITY_SCHEMES.admin]: [] }];

/** Whether an API key may call the route (the guard's rule: an admin route a key may reach). */
const takesApiKey = (access: RouteAccess, path: string): boolean => !access.isPublic && access.adminOnly && apiKeyResource(path) !== null;

/** The security requirement of a route, as the auth guard enforces it. */
function securityOf(access: RouteAccess, path: string): SecurityRequirement[] {
  if (access.signedLink) {
    const bearer: SecurityRequirement[] = access.signedLink.kind === 'media-preview' ? [{ [SECURITY_SCHEMES.admin]: [] }] : BEARER;
    return [{ [SECURITY_SCHEMES.signedLink]: [] }, ...bearer];
  }
  if (access.isPublic) return [];
  if (access.adminOnly) return [{ [SECURITY_SCHEMES.admin]: [] }, ...(takesApiKey(access, path) ? [{ [SECURITY_SCHEMES.apiKey]: [] }] : [])];
  return BEARER;
}

/** The error answers a route can give whatever it does: input errors and unavailability always; the guard's where it applies. */
function standardErrors(access: RouteAccess, path: string, op: OperationObject): ErrorStatus[] {
  const statuses: ErrorStatus[] = [400, 503];
  const guarded = !access.isPublic || access.signedLink !== undefined;
  if (guarded) statuses.push(401);
  if (access.adminOnly || access.requiresAccess || access.signedLink) statuses.push(403);
  if (/\{[^}]+\}/.test(path)) statuses.push(404, 414);
  if (op.requestBody) statuses.push(413);
  if (takesApiKey(access, path)) statuses.push(429);
  return statuses;
}

/** The general error answers, shared by every operation that can give them (components.responses). */
const SHARED_ERRORS: Record<string, [ErrorStatus, string]> = {
  BadRequest: [400, ERROR_MEANINGS[400]],
  Unauthorized: [401, ERROR_MEANINGS[401]],
  AdminRequired: [403, 'Not an administrator, not signed in through the admin portal, or an API key outside its scopes'],
  AccessRequired: [403, 'Lifetime access is required (administrators always pass)'],
  LinkRefused: [403, 'The signed link is not valid, has expired, or ended with its session'],
  NotFound: [404, ERROR_MEANINGS[404]],
  PayloadTooLarge: [413, ERROR_MEANINGS[413]],
  UriTooLong: [414, ERROR_MEANINGS[414]],
  ApiKeyRateLimited: [429, 'Too many requests through this API key: retry after Retry-After seconds'],
  Unavailable: [503, ERROR_MEANINGS[503]],
};

/** Which shared error answer a route gives for a status. */
function sharedError(status: ErrorStatus, access: RouteAccess): string {
  if (status !== 403) return Object.entries(SHARED_ERRORS).find(([, [s]]) => s === status)![0];
  if (access.signedLink) return 'LinkRefused';
  return access.adminOnly ? 'AdminRequired' : 'AccessRequired';
}

/** Sorts an object's keys by `order` (then alphabetically); arrays and other values are kept as they are. */
function sortedKeys<T extends object>(value: T, order: (a: string, b: string) => number = (a, b) => a.localeCompare(b)): T {
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => order(a, b))) as T;
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * @nestjs/swagger writes OpenAPI 3.0 schemas; the document is OpenAPI 3.1
 * (JSON Schema 2020-12), where `null` is a type and a `$ref` may carry a
 * description: `nullable` becomes a `null` type, and the one-schema `allOf`
 * that 3.0 needs around a described or nullable `$ref` goes away.
 */
function toJsonSchema2020(schema: unknown): void {
  if (Array.isArray(schema)) return schema.forEach(toJsonSchema2020);
  if (!isNode(schema)) return;
  for (const key of ['properties', 'patternProperties', '$defs']) if (isNode(schema[key])) Object.values(schema[key]).forEach(toJsonSchema2020);
  for (const key of ['items', 'additionalProperties', 'not', 'allOf', 'oneOf', 'anyOf']) toJsonSchema2020(schema[key]);
  const nullable = schema.nullable === true;
  delete schema.nullable;
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1) {
    const [only] = schema.allOf as unknown[];
    delete schema.allOf;
    // Nest adds `type: object` beside the reference; the referenced schema says what it is.
    if (schema.type === 'object') delete schema.type;
    if (nullable) schema.oneOf = [only, { type: 'null' }];
    else Object.assign(schema, only);
    return;
  }
  if (!nullable) return;
  if (typeof schema.type === 'string') schema.type = [schema.type, 'null'];
  else if (schema.$ref !== undefined) {
    schema.oneOf = [{ $ref: schema.$ref }, { type: 'null' }];
    delete schema.$ref;
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...(schema.enum as unknown[]), null];
}

/** Every schema of the document: components, parameters, bodies, answers and their headers. */
function everySchema(document: OpenAPIObject): unknown[] {
  const schemas: unknown[] = Object.values(document.components?.schemas ?? {});
  const media = (content: unknown) => (isNode(content) ? Object.values(content).map((m) => (isNode(m) ? m.schema : undefined)) : []);
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const op = (item as PathItemObject)[method];
      if (!op) continue;
      for (const parameter of (op.parameters ?? []) as unknown as Node[]) schemas.push(parameter.schema, ...media(parameter.content));
      schemas.push(...media((op.requestBody as unknown as Node | undefined)?.content));
      for (const response of Object.values(op.responses) as unknown as Node[]) {
        schemas.push(...media(response.content));
        for (const header of Object.values((response.headers as Node | undefined) ?? {})) schemas.push((header as Node).schema);
      }
    }
  }
  return schemas;
}

/** The component schemas `roots` refer to, directly or through other schemas. */
function referencedSchemas(document: OpenAPIObject, roots: unknown[]): Set<string> {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const name = ref.slice('#/components/schemas/'.length);
      if (found.has(name)) return;
      found.add(name);
      visit(document.components?.schemas?.[name]);
    }
    Object.values(node).forEach(visit);
  };
  roots.forEach(visit);
  return found;
}

/**
 * Answers are closed: the API never sends a field its document does not name
 * (the integration tests check every answer against it). Request bodies stay
 * open: react-admin sends whole records back, read-only fields included, and
 * the API ignores those.
 */
function closeObjects(schema: SchemaObject): void {
  if (schema.type === 'object' && schema.properties && schema.additionalProperties === undefined) schema.additionalProperties = false;
  for (const child of Object.values(schema.properties ?? {})) closeObjects(child as SchemaObject);
  if (schema.items) closeObjects(schema.items as SchemaObject);
  for (const list of [schema.allOf, schema.oneOf, schema.anyOf]) for (const child of list ?? []) closeObjects(child as SchemaObject);
}

/**
 * The OpenAPI document of the API, built from the controllers' metadata
 * only (no database or Redis is touched, so it can be built from a preview
 * application). Security and the general error answers come from the same
 * metadata the auth guard reads; the output is in a stable order, so the
 * committed backend/openapi.json changes only when the API does. `problems`
 * lists operations documented too little (no summary, no success answer,
 * an answer without a schema): `npm run openapi` refuses to write them.
 */
export function buildApiDocument(app: INestApplication): { document: OpenAPIObject; problems: string[] } {
  const document = SwaggerModule.createDocument(app, documentConfig(), {
    operationIdFactory: operationId,
    extraModels: [ErrorBody, SuccessResult, MessageResult],
  });
  document.components = {
    ...document.components,
    responses: Object.fromEntries(Object.entries(SHARED_ERRORS).map(([name, [status, description]]) => [name, errorResponse(status, description)])),
  };
  const routes = routesByOperationId(app);
  const reflector = new Reflector();
  const problems: string[] = [];

  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const op = (item as PathItemObject)[method as Method];
      if (!op) continue;
      const route = routes.get(op.operationId ?? '');
      if (!route) {
        problems.push(`${method.toUpperCase()} ${path}: no route for operation id ${op.operationId}`);
        continue;
      }
      const access = accessOf(reflector, route);
      if (op.security === undefined) op.security = securityOf(access, path);
      // A parameter both a query DTO and a decorator describe is listed once (the first description).
      op.parameters = op.parameters?.filter((p, i, all) => all.findIndex((q) => 'name' in q && 'name' in p && q.name === p.name && q.in === p.in) === i);
      for (const status of standardErrors(access, path, op)) {
        if (op.responses[status]) continue;
        op.responses[status] = { $ref: `#/components/responses/${sharedError(status, access)}` };
      }
      for (const [status, response] of Object.entries(op.responses)) {
        if (!response || '$ref' in response) continue;
        if (!response.description) response.description = STATUS_CODES[status] ?? 'Answer';
      }
      op.responses = sortedKeys(op.responses);
      if (!op.summary) problems.push(`${method.toUpperCase()} ${path}: no summary (@ApiOperation)`);
      const success = Object.entries(op.responses).filter(([status]) => /^[23]\d\d$/.test(status));
      if (success.length === 0) problems.push(`${method.toUpperCase()} ${path}: no success response documented`);
      for (const [status, response] of success) {
        const content = (response as ResponseObject).content;
        if (!content && !/^(204|3\d\d)$/.test(status)) problems.push(`${method.toUpperCase()} ${path}: the ${status} answer has no body documented`);
        for (const [type, media] of Object.entries(content ?? {})) {
          if (!media.schema) problems.push(`${method.toUpperCase()} ${path}: the ${status} ${type} answer has no schema`);
        }
      }
    }
  }
  const requestSchemas = referencedSchemas(
    document,
    Object.values(document.paths).flatMap((item) => METHODS.map((m) => (item as PathItemObject)[m]?.requestBody ?? null)),
  );
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) if (!requestSchemas.has(name)) closeObjects(schema as SchemaObject);
  everySchema(document).forEach(toJsonSchema2020);
  document.openapi = '3.1.0';
  const methodOrder = (a: string, b: string) => METHODS.indexOf(a as Method) - METHODS.indexOf(b as Method);
  document.paths = sortedKeys(Object.fromEntries(Object.entries(document.paths).map(([path, item]) => [path, sortedKeys(item, methodOrder)])));
  if (document.components?.schemas) document.components.schemas = sortedKeys(document.components.schemas);
  document.tags = [...(document.tags ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  return { document, problems };
}

/** Serves the document and its UI at /api/docs (the JSON at /api/docs/openapi.json). */
export function setupApiDocs(app: INestApplication): void {
  SwaggerModule.setup('api/docs', app, buildApiDocument(app).document, { jsonDocumentUrl: 'api/docs/openapi.json' });
}
