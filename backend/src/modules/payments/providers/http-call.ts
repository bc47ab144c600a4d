import { ProviderRefusedError, ProviderUnavailableError } from './payment-provider';

const TIMEOUT_MS = 10000;

export interface ProviderHttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface ProviderHttpAnswer {
  status: number;
  json: Record<string, unknown>;
}

/**
 * One call to a provider's HTTP API: a network failure, a timeout, a 5xx or
 * an answer that is not a JSON object is "unavailable" (worth retrying); a
 * 4xx is "refused" with the provider's own words. `what` names the call in
 * errors and logs (never a key).
 */
export async function providerCall(
  what: string,
  request: ProviderHttpRequest,
  accept: (status: number) => boolean = (s) => s < 300,
): Promise<ProviderHttpAnswer> {
  let res: Response;
  try {
    res = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new ProviderUnavailableError(`${what} failed: ${(err as Error).message}`);
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = null;
  }
  if (!accept(res.status)) {
    const detail = json && typeof json === 'object' ? describeError(json as Record<string, unknown>) : text.slice(0, 200);
    const message = `${what} answered ${res.status}${detail ? `: ${detail}` : ''}`;
    throw res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429
      ? new ProviderRefusedError(message)
      : new ProviderUnavailableError(message);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new ProviderUnavailableError(`${what} answered something that is not a JSON object`);
  return { status: res.status, json: json as Record<string, unknown> };
}

/** Stripe's `{ error: { message } }`, PayPal's `{ name, message, details: [{ issue }] }`. */
function describeError(body: Record<string, unknown>): string {
  const error = body.error as Record<string, unknown> | string | undefined;
  if (error && typeof error === 'object' && typeof error.message === 'string') return error.message.slice(0, 300);
  const details = Array.isArray(body.details) ? (body.details as Array<Record<string, unknown>>).map((d) => d.issue).filter(Boolean) : [];
  const parts = [body.name, body.message, ...details].filter((p): p is string => typeof p === 'string');
  return parts.join(' ').slice(0, 300);
}

/** Stripe's application/x-www-form-urlencoded body, bracketed keys and all. */
export function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}
