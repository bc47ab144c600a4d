import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../errors/error-body';

export const NUL_MESSAGE = 'must not contain NUL characters';

/**
 * The first place in a parsed value where a text holds a NUL character
 * (PostgreSQL cannot store one), as a dotted path; null when there is none.
 * Walks with an explicit stack: bodies are depth-limited, but this needs no
 * recursion either way.
 */
export function findNul(value: unknown, root = ''): string | null {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path || 'value';
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => stack.push([item, path ? `${path}.${i}` : String(i)]));
    } else if (current && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current as Record<string, unknown>)) {
        if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
        stack.push([item, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}

/** Fastify preHandler: a NUL anywhere in the path parameters, the query or the body is a 400 with a field error, before any handler runs. */
export async function refuseNulCharacters(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const field = findNul(request.params, 'params') ?? findNul(request.query, 'query') ?? findNul(request.body, '');
  if (!field) return;
  const message = `${field} ${NUL_MESSAGE}`;
  await reply
    .status(400)
    .header('content-type', 'application/json; charset=utf-8')
    .send(errorBody(400, message, { errors: { [field]: message } }));
}
