import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appConfig, mailConfig } from '../../config';
import { CommonError } from '../../common/errors/common.error';
import type { CapturedMail, CapturedMailSummary } from './dto/captured-mail.dto';

export type { CapturedMail, CapturedMailSummary };

const ID = /^\d{13}-[0-9a-f]{8}$/;

/**
 * The mail the worker wrote to the capture folder instead of sending it
 * (no SMTP configured), for developers to follow a purchase. Only outside
 * production and only while capture is on; otherwise it does not exist.
 */
@Injectable()
export class CapturedMailService {
  constructor(
    @Inject(mailConfig.KEY) private readonly mail: ConfigType<typeof mailConfig>,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {}

  list(filter: { to?: string; tag?: string; limit: number }): CapturedMailSummary[] {
    this.assertAvailable();
    if (!existsSync(this.mail.captureDir)) return [];
    const out: CapturedMailSummary[] = [];
    const files = readdirSync(this.mail.captureDir)
      .filter((f) => ID.test(f.replace(/\.json$/, '')))
      .sort()
      .reverse();
    for (const file of files) {
      const m = this.read(file.replace(/\.json$/, ''));
      if (filter.to && m.to.toLowerCase() !== filter.to.toLowerCase()) continue;
      if (filter.tag && m.tag !== filter.tag) continue;
      out.push({ id: m.id, at: m.at, to: m.to, subject: m.subject, tag: m.tag ?? null, attachments: (m.attachments ?? []).map((a) => a.filename) });
      if (out.length >= filter.limit) break;
    }
    return out;
  }

  get(id: string): CapturedMail {
    this.assertAvailable();
    if (!ID.test(id) || !existsSync(join(this.mail.captureDir, `${id}.json`))) throw CommonError.notFound('No captured mail with this id');
    // The file is the whole send-email job (with its queue origin stamp): the viewer answers the mail's own fields.
    const { from, at, to, subject, text, html, tag, dedupeKey, attachments, headers } = this.read(id);
    return { id, from, at, to, subject, text, html, tag, dedupeKey, attachments, headers };
  }

  attachment(id: string, index: number): { filename: string; contentType: string; content: Buffer } {
    const a = this.get(id).attachments?.[index];
    if (!a) throw CommonError.notFound('No such attachment');
    return { filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, 'base64') };
  }

  private read(id: string): CapturedMail {
    return JSON.parse(readFileSync(join(this.mail.captureDir, `${id}.json`), 'utf8')) as CapturedMail;
  }

  private assertAvailable(): void {
    if (this.app.nodeEnv === 'production' || !this.mail.captureEnabled) throw CommonError.notFound('Not found');
  }
}
