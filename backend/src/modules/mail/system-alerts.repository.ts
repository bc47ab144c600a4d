import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { typedExecute, typedOne, typedRows } from '../../database/sql.repository';
import type {
  IOpenSystemAlertsQuery,
  IOpenSystemAlertsResult,
  IRaiseSystemAlertQuery,
  IResolveSystemAlertKindQuery,
  IResolveSystemAlertQuery,
} from './system-alerts.repository.types';

/** An alert as generated from the schema (system-alerts.repository.types.ts, `npm run db:types`). */
export type SystemAlertRow = IOpenSystemAlertsResult;

/* Typed against the schema by pgtyped (npm run db:types writes system-alerts.repository.types.ts). */
const raiseSystemAlert = sql<IRaiseSystemAlertQuery>`
  INSERT INTO system_alerts (kind, subject, text) VALUES ($kind!, $subject!, $text!)
  ON CONFLICT (kind) WHERE resolved_at IS NULL
  DO UPDATE SET subject = EXCLUDED.subject, text = EXCLUDED.text, count = system_alerts.count + 1, last_at = clock_timestamp()`;
const resolveSystemAlertKind = sql<IResolveSystemAlertKindQuery>`
  UPDATE system_alerts SET resolved_at = clock_timestamp(), resolved_by = $by! WHERE kind = $kind! AND resolved_at IS NULL`;
const resolveSystemAlert = sql<IResolveSystemAlertQuery>`
  UPDATE system_alerts SET resolved_at = clock_timestamp(), resolved_by = $by! WHERE id = $id! AND resolved_at IS NULL
  RETURNING id::text AS "id!", kind, subject, text, count, first_at, last_at`;
const openSystemAlerts = sql<IOpenSystemAlertsQuery>`
  SELECT id::text AS "id!", kind, subject, text, count, first_at, last_at FROM system_alerts WHERE resolved_at IS NULL ORDER BY last_at DESC LIMIT 50`;

/**
 * system_alerts: the console's own record of system problems. One open
 * alert per kind: raising it again counts it and keeps the newest text;
 * resolving it (the problem went away, or an admin dismissed it) closes it.
 */
@Injectable()
export class SystemAlertsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async raise(kind: string, subject: string, text: string): Promise<void> {
    await typedExecute(this.dataSource.manager, raiseSystemAlert, { kind, subject: subject.slice(0, 500), text: text.slice(0, 4000) });
  }

  /** Closes the open alert of a kind; answers whether there was one. */
  async resolveKind(kind: string, by: string): Promise<boolean> {
    return (await typedExecute(this.dataSource.manager, resolveSystemAlertKind, { kind, by })) > 0;
  }

  /** Closes one open alert; answers it, or undefined when it is not open. */
  async resolve(id: string, by: string): Promise<SystemAlertRow | undefined> {
    return typedOne(this.dataSource.manager, resolveSystemAlert, { id, by });
  }

  open(): Promise<SystemAlertRow[]> {
    return typedRows(this.dataSource.manager, openSystemAlerts, undefined);
  }
}
