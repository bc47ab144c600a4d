import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '../../../events/event-catalogue';
import { Consumes } from '../../../events/event-consumers';
import type { Consumed } from '../../../events/processed-events.service';
import { AdminNotices } from '../admin-notices.service';
import { NOTIFY_ADMIN_OF_COURSE_COMPLETION, NOTIFY_ADMIN_OF_NEW_MEMBER, NOTIFY_ADMIN_OF_REFUND_REQUEST } from './consumers';

/** The admins' notices of events (Settings > Notifications decides which go out): a new member, a completed course, a refund request. */
@Injectable()
export class AdminNoticeConsumers {
  constructor(private readonly notices: AdminNotices) {}

  @Consumes(NOTIFY_ADMIN_OF_NEW_MEMBER)
  newMember(event: EventEnvelope<'account.created'>): Promise<Consumed<{ sent: boolean }>> {
    return this.notices.newMember(event);
  }

  @Consumes(NOTIFY_ADMIN_OF_COURSE_COMPLETION)
  courseCompleted(event: EventEnvelope<'course.completed'>): Promise<Consumed<{ sent: boolean }>> {
    return this.notices.courseCompleted(event);
  }

  @Consumes(NOTIFY_ADMIN_OF_REFUND_REQUEST)
  refundRequested(event: EventEnvelope<'refund.requested'>): Promise<Consumed<{ sent: boolean }>> {
    return this.notices.refundRequested(event);
  }
}
