import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { typedExecute, typedRows } from '../../database/sql.repository';
import { OwedCommandsRepository } from '../../events/owed-commands.repository';
import type { IAnonymiseMailRecipientQuery, IRecordMailQuery } from './mail-log.repository.types';

/* Typed against the schema by pgtyped (npm run db:types writes mail-log.repository.types.ts). */
const recordMail = sql<IRecordMailQuery>`
  INSERT INTO mail_log (dedupe_key, tag, recipient, subject) VALUES ($key!, $tag, $recipient!, $subject!) ON CONFLICT (dedupe_key) DO NOTHING RETURNING dedupe_key`;
const anonymiseMailRecipient = sql<IAnonymiseMailRecipientQuery>`UPDATE mail_log SET recipient = $replacement! WHERE lower(recipient) = lower($email!)`;

/** mail_log: the mails sent, by their dedupe key (each goes out at most once). */
@Injectable()
export class MailLogRepository {
  constructor(private readonly commands: OwedCommandsRepository) {}

  /**
   * Records the key in the caller's transaction; false when it is recorded
   * already. A concurrent sender of the same key waits here until the first
   * commits (then gets false) or rolls back (then gets true).
   */
  async record(manager: EntityManager, key: string, mail: { tag?: string; to: string; subject: string }): Promise<boolean> {
    const rows = await typedRows(manager, recordMail, { key, tag: mail.tag ?? null, recipient: mail.to, subject: mail.subject.slice(0, 500) });
    return rows.length === 1;
  }

  /** Account deletion: the address leaves the log and the owed mails (a mail still owed to it is not sent). */
  async anonymiseRecipient(manager: EntityManager, email: string, replacement: string): Promise<void> {
    await typedExecute(manager, anonymiseMailRecipient, { email, replacement });
    await this.commands.anonymiseMailRecipient(manager, email, replacement);
  }
}
