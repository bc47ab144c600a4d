import { Injectable } from '@nestjs/common';
import { isAdminAccount } from '../../common/auth/admin-power';
import type { EventPayloads, EventType } from '../../events/event-catalogue';
import { OutboxRepository } from '../../events/outbox.repository';
import { formatUsd } from './analytics.service';
import type { ActivityItem } from './dto/analytics.dto';

type Describe<T extends EventType> = (p: EventPayloads[T]) => { message: string; actor: string | null };

const money = (amount: string, currency: string) => (currency === 'USD' ? formatUsd(amount) : `${amount} ${currency}`);

/** How each event reads in the overview's Recent Activity; events not listed here are not shown. */
const DESCRIBE: { [T in EventType]?: Describe<T> } = {
  'account.created': (p) => ({ message: `${p.name} created an account`, actor: p.name }),
  'user.logged_in': (p) => ({
    message: `${p.name} signed in${(p.portal ? p.portal === 'admin' : isAdminAccount(p)) ? ' to the admin console' : ''}`,
    actor: p.name,
  }),
  'payment.confirmed': (p) => ({ message: `Payment of ${money(p.amount, p.currency)} confirmed for ${p.email}`, actor: p.email }),
  'payment.refunded': (p) => ({ message: `Payment of ${money(p.amount, p.currency)} refunded to ${p.email}`, actor: p.email }),
  'payment.failed': (p) => ({ message: `Payment for ${p.email} ended as ${p.state.toLowerCase().replace(/_/g, ' ')}`, actor: p.email }),
  'course.started': (p) => ({ message: `${p.userName} started ${p.courseTitle}`, actor: p.userName }),
  'lesson.completed': (p) => ({ message: `${p.userName} completed "${p.lessonTitle}" in ${p.courseTitle}`, actor: p.userName }),
  'course.completed': (p) => ({ message: `${p.userName} completed the course ${p.courseTitle}`, actor: p.userName }),
  'course.rated': (p) => ({ message: `${p.userName} rated ${p.courseTitle} ${p.stars}/5`, actor: p.userName }),
  'course.published': (p) => ({ message: `Course "${p.title}" was published`, actor: null }),
  'user.created': (p) => ({ message: `User ${p.name} (${p.email}) was created by an admin`, actor: p.name }),
  'user.deleted': (p) => ({ message: `User ${p.name} (${p.email}) was deleted`, actor: p.name }),
  'settings.updated': (p) => ({ message: `Settings updated: ${p.section}`, actor: null }),
};

export const ACTIVITY_TYPES = Object.keys(DESCRIBE) as EventType[];

/** The overview's Recent Activity: the newest domain events, read newest-first through the event log's time index. */
@Injectable()
export class ActivityService {
  constructor(private readonly outbox: OutboxRepository) {}

  async recent(limit: number): Promise<ActivityItem[]> {
    const rows = await this.outbox.newest(ACTIVITY_TYPES, limit);
    return rows.map((row) => {
      const { message, actor } = (DESCRIBE[row.type] as Describe<EventType>)(row.payload as never);
      return { id: row.id, type: row.type, message, actor, at: new Date(row.occurred_at).toISOString() };
    });
  }
}
