// Import boundaries of the monorepo, as one local ESLint rule (`npm run lint`).
//
// Backend (DESIGN.md section 2): the base (common, config, database) and the
// event bus (events, queue, redis) import no feature module; a feature module
// imports another only through that module's public index.ts, and only the
// modules listed for it below (the list is checked to have no cycle, so the
// module graph cannot have one). The root files (app.module, worker, cli...)
// compose modules through their index too.
//
// Front ends: the two web apps never import each other or the backend (but
// for the types generated from its OpenAPI document, backend/openapi.d.ts, as
// `import type`), and no feature folder imports another (shared pieces live
// in the shared folders).
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Which feature modules each backend module may import (through their index.ts). */
export const BACKEND_MODULES = {
  audit: [],
  settings: ['audit'],
  mail: ['audit', 'settings'],
  media: ['audit'],
  courses: ['audit', 'media', 'settings', 'users'],
  learning: ['audit', 'courses', 'media', 'settings', 'users'],
  users: ['audit', 'settings', 'mail'],
  affiliates: ['audit', 'settings', 'mail', 'users', 'analytics'],
  payments: ['audit', 'settings', 'mail', 'users', 'learning', 'affiliates'],
  'payments-sandbox': ['payments'],
  auth: ['audit', 'settings', 'mail', 'users', 'payments'],
  resources: ['audit', 'media', 'courses'],
  notifications: ['courses', 'users'],
  analytics: ['audit', 'settings', 'users', 'mail'],
  ops: ['audit', 'settings', 'mail'],
  legal: ['audit', 'payments', 'settings'],
  site: ['legal', 'payments', 'settings', 'users'],
  account: ['mail', 'users', 'payments', 'learning'],
  certificates: ['audit', 'settings', 'mail', 'users'],
  health: ['mail'],
  webhooks: ['audit', 'mail'],
  web: [],
};

const BACKEND_BASE = ['common', 'config', 'database', 'events', 'queue', 'redis'];

/**
 * Where each web app's features are: the learner's under src/features/ (its other top-level folders are shared),
 * the console's in every top-level folder of src/ but the shared ones.
 */
const WEB_APPS = {
  'web-learner': { featuresUnder: 'features', shared: ['api', 'app', 'auth', 'components'] },
  'web-admin': { featuresUnder: '', shared: ['api', 'common', 'components', 'layout', 'editor', 'test'] },
};

function assertAcyclic(graph) {
  const state = new Map();
  const visit = (node, path) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'visiting') throw new Error(`Module dependency cycle in BACKEND_MODULES: ${[...path, node].join(' -> ')}`);
    state.set(node, 'visiting');
    for (const next of graph[node] ?? []) {
      if (!(next in graph)) throw new Error(`BACKEND_MODULES: ${node} depends on unknown module ${next}`);
      visit(next, [...path, node]);
    }
    state.set(node, 'done');
  };
  for (const node of Object.keys(graph)) visit(node, []);
}
assertAcyclic(BACKEND_MODULES);

/** The file an import specifier points at (relative specifiers only; packages are not our concern here). */
function target(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  return resolve(dirname(fromFile), specifier);
}

function parts(file) {
  return relative(ROOT, file).split(sep);
}

/** 'courses' for backend/src/modules/courses/..., with whether the path is the module's public entry (the folder or its index). */
function backendModuleOf(absolute) {
  const p = parts(absolute);
  if (p[0] !== 'backend' || p[1] !== 'src' || p[2] !== 'modules' || !p[3]) return null;
  const rest = p.slice(4);
  const isEntry = rest.length === 0 || (rest.length === 1 && /^index(\.ts)?$/.test(rest[0]));
  return { name: p[3], isEntry };
}

function checkBackend(fromFile, to) {
  const from = parts(fromFile);
  if (from[0] !== 'backend' || from[1] !== 'src') return null;
  const toModule = backendModuleOf(to);
  if (!toModule) return null;
  const fromModule = backendModuleOf(fromFile);
  if (fromModule && fromModule.name === toModule.name) return null;
  if (!fromModule) {
    if (BACKEND_BASE.includes(from[2])) return `backend/src/${from[2]} is base infrastructure and may not import the feature module "${toModule.name}"`;
    return toModule.isEntry ? null : `import the "${toModule.name}" module through its index.ts (modules/${toModule.name}), not its internals`;
  }
  const allowed = BACKEND_MODULES[fromModule.name];
  if (!allowed) return `backend module "${fromModule.name}" is not declared in scripts/eslint/boundaries.mjs`;
  if (!allowed.includes(toModule.name))
    return `the "${fromModule.name}" module may not import "${toModule.name}" (allowed: ${allowed.join(', ') || 'none'}; see scripts/eslint/boundaries.mjs)`;
  return toModule.isEntry ? null : `import the "${toModule.name}" module through its index.ts ('../${toModule.name}'), not its internals`;
}

/** The API contract's generated types: the one thing of the backend's a web app may import (types only). */
const API_TYPES = resolve(ROOT, 'backend', 'openapi');

function checkWeb(fromFile, to, typeOnly) {
  const from = parts(fromFile);
  const app = WEB_APPS[from[0]];
  if (!app) return null;
  if (to === API_TYPES || to === `${API_TYPES}.d.ts`) return typeOnly ? null : 'import the API types with `import type` (backend/openapi.d.ts has no code)';
  const dest = parts(to);
  if (dest[0] !== from[0]) return `${from[0]} may not import from ${dest[0] || 'outside the app'} (the web apps import neither each other nor the backend)`;
  if (from[1] !== 'src' || dest[1] !== 'src') return null;
  const featureOf = (p) => {
    if (app.featuresUnder) return p[2] === app.featuresUnder && p.length > 4 ? p[3] : null;
    return p.length > 3 && !app.shared.includes(p[2]) ? p[2] : null;
  };
  const a = featureOf(from);
  const b = featureOf(dest);
  if (a && b && a !== b) return `the feature "${a}" may not import the feature "${b}": move what both use to a shared folder (${app.shared.join(', ')})`;
  return null;
}

const rule = {
  meta: { type: 'problem', docs: { description: 'Module and feature import boundaries' }, schema: [] },
  create(context) {
    const file = context.filename;
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string') return;
      const to = target(file, specifier);
      if (!to) return;
      const problem = checkBackend(file, to) ?? checkWeb(file, to, node.importKind === 'type' || node.exportKind === 'type');
      if (problem) context.report({ node: node.source, message: problem });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: (node) => check({ source: node.source }) };
  },
};

export default { rules: { imports: rule } };
