import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { execute, queryRows } from '../../database/sql.repository';
import { OwedCommandsRepository } from '../../events/owed-commands.repository';

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
    const rows = await queryRows(
      manager,
      `INSERT INTO mail_log (dedupe_key, tag, recipient, subject) VALUES ($1, $2, $3, $4) ON CONFLICT (dedupe_key) DO NOTHING RETURNING dedupe_key`,
      [key, mail.tag ?? null, mail.to, mail.subject.slice(0, 500)],
    );
    return rows.length === 1;
  }

  /** Account deletion: the address leaves the log and the owed mails (a mail still owed to it is not sent). */
  async anonymiseRecipient(manager: EntityManager, email: string, replacement: string): Promise<void> {
    await execute(manager, `UPDATE mail_log SET recipient = $2 WHERE lower(recipient) = lower($1)`, [email, replacement]);
    await this.commands.anonymiseMailRecipient(manager, email, replacement);
  }
}
