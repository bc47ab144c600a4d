import { describe, expect, it } from 'vitest';
import { curlExample, exampleReadUrl, nodeExample, scopesSummary } from '../examples';

const CATALOGUE = [
  { resource: 'analytics', label: 'Analytics' },
  { resource: 'audit-log', label: 'Audit log' },
  { resource: 'payments', label: 'Payments' },
  { resource: 'users', label: 'Users' },
];

describe('the examples of a new API key', () => {
  it('summarises the access by level in the catalogue order, naming an unknown resource as it is', () => {
    expect(scopesSummary({ users: 'read', payments: 'write', 'audit-log': 'read', webhooks: 'read' }, CATALOGUE)).toBe(
      'Read & write: Payments · Read: Audit log, Users, webhooks',
    );
    expect(scopesSummary({})).toBe('');
  });

  it('reads the users list when it may, else the first list it may read, else its first resource', () => {
    const origin = 'https://academy.example';
    expect(exampleReadUrl(origin, { payments: 'read', users: 'write' }, CATALOGUE)).toBe(`${origin}/api/admin/users?range=%5B0%2C9%5D`);
    expect(exampleReadUrl(origin, { analytics: 'read', 'audit-log': 'read' }, CATALOGUE)).toBe(`${origin}/api/admin/audit-log?range=%5B0%2C9%5D`);
    expect(exampleReadUrl(origin, { analytics: 'read' }, CATALOGUE)).toBe(`${origin}/api/admin/analytics`);
  });

  it('puts the real key in the Authorization header and quotes the URL for the shell', () => {
    const url = 'https://academy.example/api/admin/users?range=%5B0%2C9%5D';
    expect(curlExample('cpk_abc_def', url)).toBe(`curl -H "Authorization: Bearer cpk_abc_def" "${url}"`);
    expect(nodeExample('cpk_abc_def', url)).toContain(`await fetch('${url}', {\n  headers: { Authorization: 'Bearer cpk_abc_def' },`);
  });
});
