import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually, type TestApp } from './test-app';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  tag?: string;
  attachments?: Array<{ filename: string; contentType: string; contentBase64: string; cid?: string }>;
  headers?: Record<string, string>;
}

/** Mail the worker wrote to the capture folder (no SMTP in tests). */
export function capturedMail(app: TestApp): CapturedMail[] {
  const dir = join(app.dataDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as CapturedMail);
}

export function waitForMail(app: TestApp, to: string, tag?: string): Promise<CapturedMail> {
  return eventually(
    async () =>
      capturedMail(app)
        .reverse()
        .find((m) => m.to === to && (!tag || m.tag === tag)),
    { what: `mail to ${to}` },
  );
}

export function linkToken(mail: CapturedMail): string {
  const match = /token=([\w%-]+)/.exec(mail.text);
  if (!match) throw new Error(`no token link in mail: ${mail.text}`);
  return decodeURIComponent(match[1]);
}
