import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../errors/error-body';

export const NUL_MESSAGE = 'must not contain NUL characters';
export const SURROGATE_MESSAGE = 'must be valid Unicode text (it holds a lone surrogate character)';

/** A UTF-16 surrogate without its pair: JSON can carry one (`"\\ud800"`), UTF-8 and PostgreSQL cannot. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why PostgreSQL could not store this text as written, or null when it can. */
function unstorable(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return null;
}

/**
 * The first place in a parsed value where a text cannot be stored (a NUL
 * character, a lone surrogate), as a dotted path with the reason; null when
 * there is none. Walks with an explicit stack: bodies are depth-limited, but
 * this needs no recursion either way.
 */
export function findUnstorableText(value: unknown, root = ''): { field: string; message: string } | null {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      const message = unstorable(current);
      if (message) return { field: path || 'value', message };
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => stack.push([item, path ? `${path}.${i}` : String(i)]));
    } else if (current && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current as Record<string, unknown>)) {
        const field = path ? `${path}.${key}` : key;
        const message = unstorable(key);
        if (message) return { field, message };
        stack.push([item, field]);
      }
    }
  }
  return null;
}

/**
 * Fastify preHandler: a NUL or a lone surrogate anywhere in the path
 * parameters, the query or the body is a 400 with a field error, before any
 * handler runs.
 */
export async function refuseNulCharacters(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const found = findUnstorableText(request.params, 'params') ?? findUnstorableText(request.query, 'query') ?? findUnstorableText(request.body, '');
  if (!found) return;
  const { field } = found;
  const message = `${field} ${found.message}`;
  await reply
    .status(400)
    .header('content-type', 'application/json; charset=utf-8')
    .send(errorBody(400, message, { errors: { [field]: message } }));
}
