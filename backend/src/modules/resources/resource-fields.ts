import { CommonError } from '../../common/errors/common.error';
import type { FieldErrors } from '../../common/errors/domain-error';
import type { FilterParser } from '../../common/http/list-query';

/** What one field of a resource accepts. */
export type FieldRule =
  | { kind: 'text'; max: number; required?: boolean; nullable?: boolean }
  | { kind: 'url'; required?: boolean; uploads?: boolean }
  | { kind: 'int'; min: number; max: number; required?: boolean }
  | { kind: 'bool' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'list'; maxItems: number; itemMax: number; values?: readonly string[] }
  | { kind: 'date' };

export interface FieldDef {
  /** API name of the field (camelCase). */
  name: string;
  column: string;
  label: string;
  rule: FieldRule;
  default: unknown;
  sortable?: boolean;
  filter?: FilterParser;
  /** SQL expression that reads the column, when it is not the column itself. */
  select?: string;
}

export const UPLOAD_PREFIX = '/media/';

export const text = (max: number, opts: { required?: boolean; nullable?: boolean } = {}): FieldRule => ({ kind: 'text', max, ...opts });

/** True for an absolute http or https address. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

function checkOne(field: FieldDef, raw: unknown): { value?: unknown; error?: string } {
  const { rule, label } = field;
  switch (rule.kind) {
    case 'text': {
      // react-admin sends a cleared input as null.
      if (raw === null && !rule.required) return { value: rule.nullable ? null : '' };
      if (typeof raw !== 'string') return { error: rule.required ? `${label} is required` : `${label} must be a text` };
      const value = raw.trim();
      if (rule.required && value === '') return { error: `${label} is required` };
      if (value.length > rule.max) return { error: `${label} must be at most ${rule.max} characters` };
      return { value: value === '' && rule.nullable ? null : value };
    }
    case 'url': {
      if ((raw === null || raw === undefined || raw === '') && !rule.required) return { value: '' };
      if (typeof raw !== 'string' || raw.trim() === '') return { error: `${label} is required` };
      const value = raw.trim();
      if (value.length > 1000) return { error: `${label} must be at most 1000 characters` };
      if (rule.uploads && value.startsWith(UPLOAD_PREFIX)) return { value };
      if (!isHttpUrl(value)) {
        return { error: rule.uploads ? `${label} must be an http(s) URL or an uploaded file` : `${label} must be an http(s) URL` };
      }
      return { value };
    }
    case 'int': {
      if ((raw === null || raw === '') && rule.required) return { error: `${label} is required` };
      const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < rule.min || n > rule.max) {
        return { error: `${label} must be a whole number from ${rule.min} to ${rule.max}` };
      }
      return { value: n };
    }
    case 'bool':
      return typeof raw === 'boolean' ? { value: raw } : { error: `${label} must be true or false` };
    case 'enum':
      return typeof raw === 'string' && rule.values.includes(raw) ? { value: raw } : { error: `${label} must be one of ${rule.values.join(', ')}` };
    case 'list': {
      if (raw === null) return { value: [] };
      if (!Array.isArray(raw)) return { error: `${label} must be a list` };
      const items = (raw as unknown[]).map((v) => (typeof v === 'string' ? v.trim() : v));
      if (items.length > rule.maxItems) return { error: `${label} may hold at most ${rule.maxItems} entries` };
      for (const item of items) {
        if (typeof item !== 'string' || item === '' || item.length > rule.itemMax) {
          return { error: `Each entry of ${label} must be a text of 1 to ${rule.itemMax} characters` };
        }
        if (rule.values && !rule.values.includes(item)) return { error: `${label} must only contain ${rule.values.join(', ')}` };
      }
      return { value: [...new Set(items as string[])] };
    }
    case 'date': {
      if (typeof raw !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(Date.parse(raw))) {
        return { error: `${label} must be a date (YYYY-MM-DD)` };
      }
      return { value: raw.slice(0, 10) };
    }
  }
}

/**
 * Checks a request body against the fields of a resource. Creating needs
 * every required field; updating takes any subset (react-admin's bulk
 * updates send one field). Read-only fields of a record sent back whole are
 * ignored; any other unknown field is refused. All problems come back at
 * once as field messages.
 */
export function validateBody(fields: readonly FieldDef[], readOnly: readonly string[], body: unknown, mode: 'create' | 'update'): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw CommonError.invalid('The request body must be a JSON object');
  const input = body as Record<string, unknown>;
  const errors: FieldErrors = {};
  const values: Record<string, unknown> = {};
  const known = new Set(fields.map((f) => f.name));
  for (const key of Object.keys(input)) {
    if (!known.has(key) && !readOnly.includes(key)) errors[key] = `Unknown field ${key}`;
  }
  for (const field of fields) {
    const present = Object.prototype.hasOwnProperty.call(input, field.name) && input[field.name] !== undefined;
    if (!present) {
      if (mode === 'update') continue;
      if ('required' in field.rule && field.rule.required) errors[field.name] = `${field.label} is required`;
      else if (field.default !== undefined) values[field.name] = field.default;
      continue;
    }
    const { value, error } = checkOne(field, input[field.name]);
    if (error) errors[field.name] = error;
    else values[field.name] = value;
  }
  if (Object.keys(errors).length > 0) throw CommonError.fields(errors);
  return values;
}
