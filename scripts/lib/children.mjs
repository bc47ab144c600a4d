import { fork } from 'node:child_process';
import { createInterface } from 'node:readline';
import { prettyFactory } from 'pino-pretty';

/**
 * How the API's and worker's pino lines are shown: readable (pino-pretty:
 * time, level, context and message on one line, then every other field of
 * the entry, a failed job's queue, id, attempt and error with its stack
 * included) in development, the JSON lines themselves in production or with
 * LOG_FORMAT=json (for a log shipper).
 */
export function logFormat(env) {
  if (env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty') return env.LOG_FORMAT;
  return env.NODE_ENV === 'production' ? 'json' : 'pretty';
}

/** "Context: message", and a request's method, URL, status and time on the same line (instead of its req/res objects). */
function messageOf(log, messageKey) {
  const context = log.context ? `${log.context}: ` : '';
  const req = log.req && typeof log.req === 'object' ? log.req : null;
  const request = req
    ? ` ${req.method} ${req.url}${log.res?.statusCode ? ` -> ${log.res.statusCode}` : ''}${log.responseTime !== undefined ? ` (${log.responseTime} ms)` : ''}`
    : '';
  return `${context}${log[messageKey] ?? ''}${request}`;
}

export function prettifier(colorize) {
  return prettyFactory({
    colorize,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,context,req,res,responseTime',
    messageFormat: messageOf,
    errorLikeObjectKeys: ['err', 'error'],
    singleLine: false,
  });
}

function pipeLogs(stream, name, out, format) {
  const prettify = format === 'pretty' ? prettifier(Boolean(out.isTTY)) : null;
  createInterface({ input: stream }).on('line', (line) => {
    if (!prettify || !line.startsWith('{')) return out.write(prettify ? `[${name}] ${line}\n` : `${line}\n`);
    try {
      out.write(`[${name}] ${prettify(line)}`);
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
  const format = logFormat(env);
  pipeLogs(child.stdout, name, process.stdout, format);
  pipeLogs(child.stderr, name, process.stderr, format);
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
