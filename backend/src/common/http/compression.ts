import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Smaller bodies gain nothing from compression (one packet carries them either way). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

export type ResponseEncoding = 'br' | 'gzip';

/** The encoding to answer with for an Accept-Encoding header: brotli when accepted (it is smaller), else gzip, else none (q-values honoured, `*` included). */
export function negotiateEncoding(header: string | undefined): ResponseEncoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = weight === undefined ? 1 : Number(weight.slice(2));
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const weightOf = (name: string) => q.get(name) ?? (name === 'gzip' ? q.get('x-gzip') : undefined) ?? q.get('*') ?? 0;
  const br = weightOf('br');
  const gzipWeight = weightOf('gzip');
  if (br > 0 && br >= gzipWeight) return 'br';
  if (gzipWeight > 0) return 'gzip';
  return null;
}

/**
 * Compresses JSON answers of 1 KB or more (brotli at quality 4, fast enough
 * per request, or gzip). Only buffered JSON qualifies: streams (event
 * streams, exports) and file downloads go out as they are written, and the
 * web apps' files are precompressed at build time (modules/web).
 *
 * Synchronous on purpose: while an onSend hook awaits, a handler that called
 * reply.send() and then resolved with undefined (Swagger's document route
 * does) makes Fastify send a second, empty reply.
 */
export function compressJson(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.hasHeader('content-encoding') || reply.hasHeader('content-disposition')) return payload;
  if (!JSON_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
  const size = Buffer.byteLength(payload);
  if (size < COMPRESSION_THRESHOLD_BYTES) return payload;
  appendVary(reply);
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  const body =
    encoding === 'br'
      ? brotliCompressSync(payload, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: size },
        })
      : gzipSync(payload, { level: 6 });
  reply.header('content-encoding', encoding);
  reply.header('content-length', body.length);
  return body;
}

function appendVary(reply: FastifyReply): void {
  const current = String(reply.getHeader('vary') ?? '');
  if (/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

export function registerJsonCompression(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    let body: unknown;
    try {
      body = compressJson(request, reply, payload);
    } catch (err) {
      done(err as Error);
      return;
    }
    done(null, body);
  });
}
