import { randomUUID } from 'node:crypto';
import type { EventPayloads } from '../../src/events/event-catalogue';
import { TransactionRunner } from '../../src/events/transaction-runner';
import { QueueName } from '../../src/queue/queue-names';
import { QueueService } from '../../src/queue/queue.service';
import { AdminNotices } from '../../src/modules/mail';
import { NOTIFY_ADMIN_OF_COURSE_COMPLETION, NOTIFY_ADMIN_OF_NEW_MEMBER } from '../../src/modules/mail/jobs/consumers';

const NEW_MEMBER_NOTICE = NOTIFY_ADMIN_OF_NEW_MEMBER.name;
const COURSE_COMPLETION_NOTICE = NOTIFY_ADMIN_OF_COURSE_COMPLETION.name;
import { adminToken } from '../factories/users.factory';
import { capturedMail, waitForMail } from '../support/mailbox';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

describe('Notifications settings: emails to the admin', () => {
  let app: TestApp;
  let admin: string;

  beforeAll(async () => {
    app = await startTestApp({ worker: true });
    admin = (await adminToken(app)).token;
    await app.http
      .put('/api/admin/settings/general')
      .set('authorization', `Bearer ${admin}`)
      .send({ adminEmail: 'owner@notices.test', siteName: 'Notice Academy' })
      .expect(200);
  });
  afterAll(() => app.close());

  const notifications = (values: Record<string, boolean>) =>
    app.http.put('/api/admin/settings/notifications').set('authorization', `Bearer ${admin}`).send(values).expect(200);
  const notices = () => capturedMail(app).filter((m) => m.to === 'owner@notices.test' && m.tag === 'admin-notice');

  const emit = async <T extends 'account.created' | 'course.completed'>(type: T, payload: EventPayloads[T]): Promise<string> =>
    app.api.get(TransactionRunner).run((tx) => tx.emit(type, { type: 'test', id: randomUUID() }, payload));

  /** Waits until the consumer's job for the event has run, whatever it decided. */
  const handled = (consumer: string, eventId: string) =>
    eventually(async () => (await app.api.get(QueueService).queue(QueueName.Notifications).getJobState(`${consumer}-${eventId}`)) === 'completed', {
      what: `${consumer} ran`,
    });

  it('tells the admin about a new member (on by default)', async () => {
    const eventId = await emit('account.created', { userId: randomUUID(), email: 'new.member@example.com', name: 'New Member', paymentId: null });
    const mail = await waitForMail(app, 'owner@notices.test', 'admin-notice');
    expect(mail.subject).toBe('Notice Academy: New member');
    expect(mail.text).toContain('New Member (new.member@example.com) created an account.');
    await handled(NEW_MEMBER_NOTICE, eventId);
  });

  it('stays quiet about course completions until that switch is on, and sends once per event', async () => {
    const before = notices().length;
    const off = await emit('course.completed', { userId: randomUUID(), userName: 'Quiet Learner', courseId: 1, courseTitle: 'Traffic 101' });
    await handled(COURSE_COMPLETION_NOTICE, off);
    await new Promise((r) => setTimeout(r, 300));
    expect(notices()).toHaveLength(before);

    await notifications({ courseCompletionNotifications: true });
    const on = await emit('course.completed', { userId: randomUUID(), userName: 'Eager Learner', courseId: 1, courseTitle: 'Traffic 101' });
    await eventually(async () => notices().find((m) => m.text.includes('Eager Learner completed the course "Traffic 101".')), { what: 'completion notice' });
    await handled(COURSE_COMPLETION_NOTICE, on);

    // A redelivered event (at-least-once) sends nothing more.
    const [row] = await app.db.query('SELECT id, type, aggregate_type, aggregate_id, payload, occurred_at FROM outbox_events WHERE id = $1', [on]);
    const envelope = {
      id: row.id,
      type: row.type,
      occurredAt: row.occurred_at,
      aggregateType: row.aggregate_type,
      aggregateId: row.aggregate_id,
      payload: row.payload,
    };
    const again = await app.api
      .get(QueueService)
      .queue(QueueName.Notifications)
      .add(COURSE_COMPLETION_NOTICE, envelope, { jobId: `redelivery-${on}` });
    await eventually(async () => (await again.getState()) === 'completed', { what: 'redelivery handled' });
    await new Promise((r) => setTimeout(r, 300));
    expect(notices().filter((m) => m.text.includes('Eager Learner completed the course "Traffic 101".'))).toHaveLength(1);
  });

  it('sends nothing while the master email notifications switch is off', async () => {
    await notifications({ emailNotifications: false });
    try {
      const before = notices().length;
      const eventId = await emit('account.created', { userId: randomUUID(), email: 'silent@example.com', name: 'Silent', paymentId: null });
      await handled(NEW_MEMBER_NOTICE, eventId);
      await new Promise((r) => setTimeout(r, 300));
      expect(notices()).toHaveLength(before);
    } finally {
      await notifications({ emailNotifications: true });
    }
  });

  it('sends system alerts (a failed backup...) only while the System alerts switch is on', async () => {
    const alerts = app.api.get(AdminNotices);
    const sent = (subject: string) => notices().filter((m) => m.subject.endsWith(subject));
    await notifications({ systemAlerts: false });
    try {
      await alerts.systemAlert('backup-failed', 'Quiet alert', 'Nobody is told.');
    } finally {
      await notifications({ systemAlerts: true });
    }
    await alerts.systemAlert('backup-failed', 'Loud alert', 'Told, once the switch is on.');
    // Mails go out in the order they were queued: once the later one is here, the earlier one would be too.
    await eventually(async () => sent(': Loud alert').length === 1, { what: 'the alert sent with the switch on' });
    expect(sent(': Quiet alert')).toHaveLength(0);
  });
});
