import { http } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The API as the unit tests fake it: one msw server for the whole run
 * (started in test-setup.ts, which fails a request no handler answers and
 * drops a test's handlers and listeners after it). A test adds the answers
 * it needs with `server.use(http.get('/api/...', ...))`.
 */
export const server = setupServer();

/** A request the app sent: where to, and what with (its JSON body read on demand). */
export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  json(): Promise<unknown>;
}

/** Every request the app sends from now on until the test ends, in order: what a test asserts was sent. */
export function recordRequests(): SentRequest[] {
  const sent: SentRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    // Cloned before any handler reads the body.
    const copy = request.clone();
    const url = new URL(request.url);
    sent.push({ method: request.method, path: url.pathname, query: url.searchParams, headers: request.headers, json: () => copy.json() });
  });
  return sent;
}

/** An API that does not answer: every request stays on its way, and the pages show only what they draw first. */
export const noAnswer = http.all('*', () => new Promise<never>(() => undefined));
