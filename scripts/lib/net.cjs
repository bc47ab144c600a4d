'use strict';
// Network helpers shared by the scripts (start, test runner, benchmarks) and
// every test suite (backend Jest, the end-to-end and resilience tests): one
// copy of each. CommonJS so both ES modules and the backend's compiled
// TypeScript tests can load it. Types: net.d.cts.
const { connect, createServer } = require('node:net');

/** A TCP port nobody listens on right now. */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** Whether something accepts TCP connections on the port. */
function portOpen(port, host = '127.0.0.1', timeoutMs = 500) {
  return new Promise((done) => {
    const socket = connect({ port, host });
    const finish = (open) => {
      socket.destroy();
      done(open);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

/** Sends PING over a raw socket; resolves true on +PONG (or an auth error, which still means Redis). */
function redisAnswers(port, host = '127.0.0.1', timeoutMs = 700) {
  return new Promise((done) => {
    const socket = connect({ port, host });
    const finish = (ok) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (buf) => finish(/^\+PONG|^-NOAUTH/.test(buf.toString())));
    socket.once('error', () => finish(false));
  });
}

/** Polls `check` until it answers true; throws after the timeout, naming `what`. */
async function waitFor(check, { timeoutMs = 30000, intervalMs = 200, what = 'condition' } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

module.exports = { freePort, portOpen, redisAnswers, waitFor };
