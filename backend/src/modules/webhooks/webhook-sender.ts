import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isBlockedAddress, type UrlPolicy } from './webhook-url-policy';

/** At most this much of a receiver's answer is kept in the delivery log (bytes). */
export const RESPONSE_EXCERPT_BYTES = 2048;
/** Reading stops here: a receiver's answer is only logged, never used. */
const READ_LIMIT_BYTES = 64 * 1024;

export interface SendResult {
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
  /** The request never left: the address is refused (SSRF) — not worth retrying. */
  refused: boolean;
}

/** The start of a text, at most `bytes` UTF-8 bytes, never cutting a character. */
export function excerpt(buffer: Buffer, bytes = RESPONSE_EXCERPT_BYTES): string {
  let text = buffer.subarray(0, bytes).toString('utf8');
  while (Buffer.byteLength(text) > bytes) text = text.slice(0, -1);
  return text;
}

const agents = { http: new http.Agent({ keepAlive: true, maxSockets: 64 }), https: new https.Agent({ keepAlive: true, maxSockets: 64 }) };

/** POSTs one signed delivery; never throws: a network error, a timeout or a refusal is part of the result. */
export function send(url: string, headers: Record<string, string>, body: string, options: { timeoutMs: number; policy: UrlPolicy }): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (!options.policy.allowPrivateUrls && isIP(host) && isBlockedAddress(host))
    return Promise.resolve({ status: null, body: null, error: `Refused: ${host} is a private address`, durationMs: 0, refused: true });
  const secure = target.protocol === 'https:';
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'durationMs' | 'refused'> & { refused?: boolean }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ refused: false, ...result, durationMs: elapsed() });
    };
    const request = (secure ? https : http).request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'course-platform-webhooks/1' },
        agent: secure ? agents.https : agents.http,
        lookup: guardedLookup(options.policy) as never,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < READ_LIMIT_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => finish({ status: response.statusCode ?? null, body: excerpt(Buffer.concat(chunks)), error: null }));
        response.on('error', (err) => finish({ status: response.statusCode ?? null, body: excerpt(Buffer.concat(chunks)), error: err.message }));
      },
    );
    const timer = setTimeout(() => {
      finish({ status: null, body: null, error: `Timed out after ${options.timeoutMs} ms` });
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (err: NodeJS.ErrnoException) =>
      finish({ status: null, body: null, error: err.code ? `${err.code}: ${err.message}` : err.message, refused: err.code === 'EWEBHOOKPRIVATE' }),
    );
    request.end(body);
  });
}
