import { metrics } from '../../common/metrics/metrics';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import { mailConfig } from '../../config';
import { HandlesOwedCommand, OwedCommands, type OwedCommandRef } from '../../events/owed-commands.service';
import type { Tx } from '../../events/transaction-runner';
import type { MailCommand } from '../../queue/job-catalogue';
import { SettingsService } from '../settings';
import { MailHealth } from './mail-health.service';
import { MailLogRepository } from './mail-log.repository';
import { MailDeliveryError, mailFailureReason, mailServerAddress } from './smtp-host';

export type OutgoingMail = MailCommand;

export interface SentMail {
  transport: 'smtp' | 'capture';
  messageId: string;
}

/**
 * Outgoing email. A mail is owed: written as an owed_commands row in the
 * transaction that decides it (`owe`), published to the `notifications`
 * queue after the commit and re-driven while it is owed. The worker sends
 * through the SMTP server from Admin > Settings > Email, else the one from
 * the environment, else (development and tests) writes the message as JSON
 * into MAIL_CAPTURE_DIR, where tests and developers read it. The
 * console's server may not be an internal address in production (the
 * environment's SMTP_HOST is the operator's own and may be), and a failure
 * is reported in our words, never with the server's reply.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);

  constructor(
    private readonly settings: SettingsService,
    private readonly commands: OwedCommands,
    private readonly log: MailLogRepository,
    private readonly health: MailHealth,
    @Inject(mailConfig.KEY) private readonly config: ConfigType<typeof mailConfig>,
  ) {}

  /**
   * Owes a mail in the caller's transaction: it is sent after the commit,
   * and not at all if the transaction rolls back. A mail with a dedupe key
   * is owed once however often it is decided. Answers the command's id, or
   * null when that mail was owed already.
   */
  async owe(tx: Tx, mail: OutgoingMail, options: { attempts?: number } = {}): Promise<string | null> {
    const id = await tx.owe('send-email', mail, {
      key: mail.dedupeKey,
      summary: { to: mail.to, subject: mail.subject, tag: mail.tag ?? null },
      attempts: options.attempts,
    });
    if (id) tx.afterCommit(() => metrics.mails.inc({ outcome: 'owed' }));
    return id;
  }

  /**
   * The send-email job: at least once, sent once. The mail's dedupe key (or
   * its command's id) is recorded in mail_log in the transaction that sends
   * it, together with the command's "sent" mark, so a second job of the same
   * mail (a re-drive, a concurrent duplicate) waits for the first and then
   * skips, and a send that fails leaves the key free for the retry. A crash
   * between the mail server's accept and that commit sends that one mail
   * again: the only duplicate possible.
   */
  @HandlesOwedCommand('send-email')
  async deliver(mail: OutgoingMail, command: OwedCommandRef): Promise<SentMail | { skipped: 'already sent' }> {
    const key = mail.dedupeKey ?? (command.id ? `mail-${command.id}` : null);
    const outcome = await this.commands.once(command, async (tx) => {
      if (key && !(await this.log.record(tx.manager, key, mail))) return { skipped: 'already sent' as const };
      try {
        return await this.transmit(mail);
      } catch (err) {
        // The transport failed (not a lock wait of a duplicate job): that is what mail health and its alert are about.
        await this.health.failed(err as Error);
        metrics.mails.inc({ outcome: 'failed' });
        throw err;
      }
    });
    if (outcome.applied && !('skipped' in outcome.result)) {
      metrics.mails.inc({ outcome: 'sent' });
      await this.health.sent();
    }
    return outcome.applied ? outcome.result : { skipped: 'already sent' };
  }

  private async transmit(mail: OutgoingMail): Promise<SentMail> {
    const transport = await this.transport();
    const from = (await this.settings.get('email')).fromEmail || this.config.from;
    const attachments = (mail.attachments ?? []).map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(a.contentBase64, 'base64'),
      ...(a.cid ? { cid: a.cid } : {}),
    }));
    if (transport) {
      try {
        const info = await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments,
          headers: mail.headers,
        });
        return { transport: 'smtp', messageId: String(info.messageId) };
      } catch (err) {
        // The full error (with the server's reply) is for the operator's log; the job, the queue page and the test email get our words only.
        this.logger.warn({ err: (err as Error).message, code: (err as { code?: string }).code, tag: mail.tag }, 'Mail not sent');
        throw new MailDeliveryError(mailFailureReason(err));
      } finally {
        transport.close();
      }
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
      // The console's mail server: checked against internal addresses (in production) and connected to at the checked address.
      const address = await mailServerAddress(saved.smtpHost, this.config.allowPrivateHosts);
      return createTransport({
        host: address,
        servername: address === saved.smtpHost ? undefined : saved.smtpHost,
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
