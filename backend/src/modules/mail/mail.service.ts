import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import { mailConfig } from '../../config';
import type { CommandJobs } from '../../queue/job-catalogue';
import { HandlesCommand } from '../../queue/job-decorators';
import { TransactionRunner } from '../../events/transaction-runner';
import { QueueService } from '../../queue/queue.service';
import { SettingsService } from '../settings';
import { MailLogRepository } from './mail-log.repository';

export type OutgoingMail = CommandJobs['send-email'];

export interface SentMail {
  transport: 'smtp' | 'capture';
  messageId: string;
}

/**
 * Outgoing email. Callers enqueue on the `notifications` queue; the worker
 * sends through the SMTP server from Admin > Settings > Email, else the one
 * from the environment, else (development and tests) writes the message as
 * JSON into MAIL_CAPTURE_DIR, where tests and developers read it.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);

  constructor(
    private readonly queues: QueueService,
    private readonly settings: SettingsService,
    private readonly tx: TransactionRunner,
    private readonly log: MailLogRepository,
    @Inject(mailConfig.KEY) private readonly config: ConfigType<typeof mailConfig>,
  ) {}

  /**
   * Queues a mail; `jobId` makes a repeated request for the same mail queue it
   * once (while the queue knows the first), and the mail's `dedupeKey` sends it
   * once whatever the queue holds.
   */
  async send(mail: OutgoingMail, options: { jobId?: string } = {}): Promise<void> {
    await this.queues.enqueue('send-email', mail, options.jobId ? { jobId: options.jobId } : {});
  }

  /**
   * The send-email job. A mail with a dedupe key goes out at most once: the
   * key is recorded in the transaction that sends it, so a second job with
   * the same key (a redelivered event, a concurrent duplicate) waits for the
   * first and then skips, and a send that fails leaves the key free for the retry.
   */
  @HandlesCommand('send-email')
  async deliver(mail: OutgoingMail): Promise<SentMail | { skipped: 'already sent' }> {
    if (!mail.dedupeKey) return this.transmit(mail);
    const key = mail.dedupeKey;
    return this.tx.run(async (tx) => {
      if (!(await this.log.record(tx.manager, key, mail))) return { skipped: 'already sent' as const };
      return this.transmit(mail);
    });
  }

  private async transmit(mail: OutgoingMail): Promise<SentMail> {
    const transport = await this.transport();
    const from = (await this.settings.get('email')).fromEmail || this.config.from;
    const attachments = (mail.attachments ?? []).map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(a.contentBase64, 'base64'),
    }));
    if (transport) {
      const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, attachments });
      transport.close();
      return { transport: 'smtp', messageId: String(info.messageId) };
    }
    if (!this.config.captureEnabled) {
      throw new Error('No mail transport: set SMTP in Admin > Settings > Email or SMTP_HOST in the environment');
    }
    mkdirSync(this.config.captureDir, { recursive: true });
    const id = `${Date.now()}-${randomBytes(4).toString('hex')}`;
    writeFileSync(join(this.config.captureDir, `${id}.json`), JSON.stringify({ id, from, ...mail, at: new Date().toISOString() }, null, 2));
    this.logger.log(`Mail captured (no SMTP configured): "${mail.subject}" to ${mail.to} -> ${join(this.config.captureDir, `${id}.json`)}`);
    return { transport: 'capture', messageId: id };
  }

  private async transport(): Promise<Transporter | null> {
    const saved = await this.settings.get('email');
    if (saved.smtpHost) {
      return createTransport({
        host: saved.smtpHost,
        port: saved.smtpPort,
        secure: saved.smtpEncryption === 'ssl',
        requireTLS: saved.smtpEncryption === 'tls',
        ignoreTLS: saved.smtpEncryption === 'none',
        auth: saved.smtpUsername ? { user: saved.smtpUsername, pass: saved.smtpPassword } : undefined,
        connectionTimeout: 10000,
      });
    }
    if (this.config.smtpHost) {
      return createTransport({
        host: this.config.smtpHost,
        port: this.config.smtpPort,
        secure: this.config.smtpSecure,
        auth: this.config.smtpUser ? { user: this.config.smtpUser, pass: this.config.smtpPassword } : undefined,
        connectionTimeout: 10000,
      });
    }
    return null;
  }
}
