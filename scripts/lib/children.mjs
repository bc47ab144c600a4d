import { fork } from 'node:child_process';
import { createInterface } from 'node:readline';

const LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** On a terminal, pino's JSON lines become short readable lines; elsewhere they pass through. */
function pipeLogs(stream, name, out) {
  const pretty = out.isTTY;
  createInterface({ input: stream }).on('line', (line) => {
    if (!pretty) return out.write(`${line}\n`);
    try {
      const entry = JSON.parse(line);
      const where = entry.req ? ` ${entry.req.method} ${entry.req.url} -> ${entry.res?.statusCode} (${entry.responseTime} ms)` : '';
      const err = entry.err?.message ? `: ${entry.err.message}` : '';
      out.write(`[${name}] ${LEVELS[entry.level] ?? entry.level} ${entry.context ? `${entry.context}: ` : ''}${entry.msg ?? ''}${where}${err}\n`);
    } catch {
      out.write(`[${name}] ${line}\n`);
    }
  });
}

/**
 * Starts a Node process of ours with an IPC channel: if this launcher dies,
 * the channel closes and the child shuts itself down (see backend's
 * lifecycle.ts), so nothing is left listening on the port.
 */
export function startChild(name, script, env, execArgv = []) {
  const child = fork(script, [], { env, execArgv, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  pipeLogs(child.stdout, name, process.stdout);
  pipeLogs(child.stderr, name, process.stderr);
  const exited = new Promise((resolveExit) => child.once('exit', (code, signal) => resolveExit({ code, signal })));
  return {
    name,
    child,
    exited,
    async stop(timeoutMs = 35000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
