import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { ApiError } from '../../common/errors/api-error';
import { UsersService } from '../users/users.service';
import type { NotificationKind } from './notification-recorder.service';

export interface AppNotification {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  url: string | null;
  createdAt: string;
  read: boolean;
}

export interface NotificationList {
  notifications: AppNotification[];
  unread: number;
}

/** The bell shows the newest ones; older ones stay in the table. */
export const NOTIFICATIONS_SHOWN = 20;

/**
 * Who sees what is decided here, at read time: personal notifications of the
 * user, and the notifications for everyone created since the user joined,
 * except the ones the user caused (an admin's own publishing). The caller
 * has access (the controller requires it). Unread: newer than the user's
 * last "read" mark.
 */
const VISIBLE = `
  WITH me AS (
    SELECT $1::uuid AS id, $2::date AS joined,
           coalesce((SELECT read_at FROM notification_reads WHERE user_id = $1::uuid), '-infinity'::timestamptz) AS read_at
  )
  SELECT n.id, n.kind, n.title, n.body, n.url, n.created_at, n.created_at <= me.read_at AS read
    FROM notifications n, me
   WHERE (n.user_id = me.id OR (n.user_id IS NULL AND n.created_at >= me.joined))
     AND (n.actor_id IS NULL OR n.actor_id <> me.id)`;

@Injectable()
export class NotificationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
  ) {}

  async listFor(user: AuthUser): Promise<NotificationList> {
    const joined = await this.joinDate(user);
    const rows: Array<{ id: string; kind: NotificationKind; title: string; body: string; url: string | null; created_at: Date; read: boolean }> = await this.dataSource.query(
      `${VISIBLE} ORDER BY n.created_at DESC, n.id DESC LIMIT ${NOTIFICATIONS_SHOWN}`,
      [user.id, joined],
    );
    return {
      notifications: rows.map((r) => ({ id: Number(r.id), kind: r.kind, title: r.title, body: r.body, url: r.url, createdAt: r.created_at.toISOString(), read: r.read })),
      unread: await this.unread(user.id, joined),
    };
  }

  /** Marks everything shown so far as read; answers what is still unread (something newer may have arrived). */
  async markRead(user: AuthUser): Promise<{ success: true; unread: number }> {
    const joined = await this.joinDate(user);
    await this.dataSource.query(
      `INSERT INTO notification_reads (user_id, read_at) VALUES ($1, clock_timestamp())
       ON CONFLICT (user_id) DO UPDATE SET read_at = greatest(notification_reads.read_at, excluded.read_at)`,
      [user.id],
    );
    return { success: true, unread: await this.unread(user.id, joined) };
  }

  private async unread(userId: string, joined: string): Promise<number> {
    const [{ n }] = await this.dataSource.query(`SELECT count(*)::int AS n FROM (${VISIBLE}) v WHERE NOT v.read`, [userId, joined]);
    return n;
  }

  private async joinDate(user: AuthUser): Promise<string> {
    const row = await this.users.findById(user.id);
    if (!row) throw ApiError.unauthorized('Authentication required: please sign in');
    return row.join_date;
  }
}
