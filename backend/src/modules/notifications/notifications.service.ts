import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { CommonError } from '../../common/errors/common.error';
import { UsersService } from '../users';
import type { NotificationList } from './dto/notification.dto';
import { NotificationsRepository } from './notifications.repository';

/** The bell shows the newest ones; older ones stay in the table. */
export const NOTIFICATIONS_SHOWN = 20;

/** The learner's bell: who sees what is decided at read time (notifications.repository.ts). The caller has access (the controller requires it). */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly users: UsersService,
  ) {}

  async listFor(user: AuthUser): Promise<NotificationList> {
    const joined = await this.joinDate(user);
    const rows = await this.notifications.visible(user.id, joined, NOTIFICATIONS_SHOWN);
    return {
      notifications: rows.map((r) => ({
        id: Number(r.id),
        kind: r.kind,
        title: r.title,
        body: r.body,
        url: r.url,
        createdAt: r.created_at.toISOString(),
        read: r.read,
      })),
      unread: await this.unread(user.id, joined),
    };
  }

  /** Marks everything shown so far as read; answers what is still unread (something newer may have arrived). */
  async markRead(user: AuthUser): Promise<{ success: true; unread: number }> {
    const joined = await this.joinDate(user);
    await this.notifications.markRead(user.id);
    return { success: true, unread: await this.unread(user.id, joined) };
  }

  private unread(userId: string, joined: string): Promise<number> {
    return this.notifications.unread(userId, joined);
  }

  private async joinDate(user: AuthUser): Promise<string> {
    const row = await this.users.findById(user.id);
    if (!row) throw CommonError.unauthenticated('Authentication required: please sign in');
    return row.join_date;
  }
}
