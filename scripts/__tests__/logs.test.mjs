import assert from 'node:assert/strict';
import { test } from 'node:test';
import { logFormat, prettifier } from '../lib/children.mjs';

const line = (entry) => JSON.stringify({ level: 30, time: Date.UTC(2026, 10, 26, 9, 30), pid: 1, hostname: 'h', ...entry });

test('a failed job reads as one entry with its queue, job id, attempt and the error with its stack', () => {
  const text = prettifier(false)(
    line({
      level: 40,
      context: 'QueueWorkers',
      queue: 'payments',
      job: 'grant-access',
      jobId: 'grant-access-7f3a',
      attempt: 3,
      err: { type: 'Error', message: 'connection refused', stack: 'Error: connection refused\n    at grant (access.js:10:5)' },
      msg: 'Job failed',
    }),
  );
  assert.match(text, /WARN: QueueWorkers: Job failed\n/);
  for (const part of ['queue: "payments"', 'jobId: "grant-access-7f3a"', 'attempt: 3', 'Error: connection refused', 'at grant (access.js:10:5)']) {
    assert.ok(text.includes(part), `missing ${part} in:\n${text}`);
  }
  assert.doesNotMatch(text, /hostname|pid/);
});

test('a request is one line: method, path, status and time', () => {
  const text = prettifier(false)(
    line({ req: { id: 'r1', method: 'GET', url: '/api/courses' }, res: { statusCode: 200 }, responseTime: 4, msg: 'request completed' }),
  );
  assert.match(text, /INFO: request completed GET \/api\/courses -> 200 \(4 ms\)\n$/);
});

test('JSON lines in production (or LOG_FORMAT=json), readable lines in development', () => {
  assert.equal(logFormat({ NODE_ENV: 'production' }), 'json');
  assert.equal(logFormat({}), 'pretty');
  assert.equal(logFormat({ LOG_FORMAT: 'json' }), 'json');
  assert.equal(logFormat({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }), 'pretty');
});
