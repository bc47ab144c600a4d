import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { execute, queryRows } from '../../database/sql.repository';

export interface SystemAlertRow {
  id: string;
  kind: string;
  subject: string;
  text: string;
  count: number;
  first_at: Date;
  last_at: Date;
}

/**
 * system_alerts: the console's own record of system problems. One open
 * alert per kind: raising it again counts it and keeps the newest text;
 * resolving it (the problem went away, or an admin dismissed it) closes it.
 */
@Injectable()
export class SystemAlertsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async raise(kind: string, subject: string, text: string): Promise<void> {
    await execute(
      this.dataSource.manager,
      `INSERT INTO system_alerts (kind, subject, text) VALUES ($1, $2, $3)
       ON CONFLICT (kind) WHERE resolved_at IS NULL
       DO UPDATE SET subject = EXCLUDED.subject, text = EXCLUDED.text, count = system_alerts.count + 1, last_at = clock_timestamp()`,
      [kind, subject.slice(0, 500), text.slice(0, 4000)],
    );
  }

  /** Closes the open alert of a kind; answers whether there was one. */
  async resolveKind(kind: string, by: string): Promise<boolean> {
    return (
      (await execute(
        this.dataSource.manager,
        `UPDATE system_alerts SET resolved_at = clock_timestamp(), resolved_by = $2 WHERE kind = $1 AND resolved_at IS NULL`,
        [kind, by],
      )) > 0
    );
  }

  /** Closes one open alert; answers it, or undefined when it is not open. */
  async resolve(id: string, by: string): Promise<SystemAlertRow | undefined> {
    const rows = await queryRows<SystemAlertRow>(
      this.dataSource.manager,
      `UPDATE system_alerts SET resolved_at = clock_timestamp(), resolved_by = $2 WHERE id = $1 AND resolved_at IS NULL
       RETURNING id::text, kind, subject, text, count, first_at, last_at`,
      [id, by],
    );
    return rows[0];
  }

  open(): Promise<SystemAlertRow[]> {
    return queryRows(
      this.dataSource.manager,
      `SELECT id::text, kind, subject, text, count, first_at, last_at FROM system_alerts WHERE resolved_at IS NULL ORDER BY last_at DESC LIMIT 50`,
    );
  }
}
