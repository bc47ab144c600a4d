import { RollupsService } from '../../src/modules/analytics/rollups.service';
import { MailBrandService, receiptMail, receiptRows } from '../../src/modules/mail';
import { mailDate } from '../../src/modules/mail/templates';
import { Receipts } from '../../src/modules/payments/receipts.service';
import { daysAgo, logEvent } from '../factories/events.factory';
import { adminToken, createUser } from '../factories/users.factory';
import { startTestApp, type TestApp } from '../support/test-app';

/** The date of an instant in a zone, as the analytics series names its days. */
const dayIn = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

describe('Settings > General > Timezone', () => {
  let app: TestApp;
  let admin: string;

  beforeAll(async () => {
    app = await startTestApp();
    admin = (await adminToken(app)).token;
  });
  afterAll(() => app.close());

  const general = (values: Record<string, unknown>) =>
    app.http.put('/api/admin/settings/general').set('authorization', `Bearer ${admin}`).send(values).expect(200);
  const signupsByDay = async (): Promise<Map<string, number>> => {
    const res = await app.http.get('/api/admin/analytics?range=7d').set('authorization', `Bearer ${admin}`).expect(200);
    return new Map((res.body.userActivity as Array<{ date: string; newSignups: number }>).map((d) => [d.date, d.newSignups]));
  };

  it('sets the day boundaries of analytics: a sign-up at 03:00 UTC counts on the previous day in Pacific time', async () => {
    const user = await createUser(app.db, { name: 'Late Night' });
    const at = daysAgo(2, 3); // 03:00 UTC two days ago: 19:00 (PST) or 20:00 (PDT) the day before in Los Angeles
    await logEvent(app.db, 'account.created', { userId: user.id, email: user.email, name: user.name, paymentId: null }, at);
    const rollups = app.api.get(RollupsService);
    const utcDay = dayIn(at, 'UTC');
    const pacificDay = dayIn(at, 'America/Los_Angeles');
    expect(pacificDay < utcDay).toBe(true);

    await rollups.recompute('test');
    const utc = await signupsByDay();
    expect(utc.get(utcDay)).toBe(1);
    expect(utc.get(pacificDay) ?? 0).toBe(0);

    await general({ timezone: 'Pacific' });
    await rollups.recompute('test');
    const pacific = await signupsByDay();
    expect(pacific.get(pacificDay)).toBe(1);
    expect(pacific.get(utcDay) ?? 0).toBe(0);
    // The last day of the series is today in Los Angeles.
    expect([...pacific.keys()].at(-1)).toBe(dayIn(new Date(), 'America/Los_Angeles'));

    // New events are counted on the zone's day as they arrive, the same as the rebuild counts them.
    const second = await createUser(app.db, { name: 'Also Late' });
    const event = await logEvent(app.db, 'account.created', { userId: second.id, email: second.email, name: second.name, paymentId: null }, at);
    expect(await rollups.apply(event)).toBe(true);
    expect((await signupsByDay()).get(pacificDay)).toBe(2);
    await general({ timezone: 'UTC' });
  });

  it('is published to both apps as an IANA zone (the console shows its dates in it)', async () => {
    await general({ timezone: 'Eastern' });
    const res = await app.http.get('/api/public-config').expect(200);
    expect(res.body.timeZone).toBe('America/New_York');
    await general({ timezone: 'UTC' });
    expect((await app.http.get('/api/public-config').expect(200)).body.timeZone).toBe('UTC');
  });

  it('shows dates in emails and on receipts in that zone, with its abbreviation', async () => {
    const paidAt = new Date('2026-01-15T03:30:00Z');
    expect(mailDate(paidAt)).toBe('2026-01-15 03:30 UTC');
    expect(mailDate(paidAt, 'America/Los_Angeles')).toBe('2026-01-14 19:30 PST');
    expect(mailDate(new Date('2026-07-15T03:30:00Z'), 'America/New_York')).toBe('2026-07-14 23:30 EDT');

    await general({ timezone: 'Pacific' });
    const receipts = app.api.get(Receipts);
    const seller = await receipts.seller();
    expect(seller.timeZone).toBe('America/Los_Angeles');
    const facts = { number: 'R-000001', paymentId: 'p', amount: '497.00', currency: 'USD', payCurrency: 'USDT', network: 'Tron', paidAt };
    expect(receiptRows(facts, seller.timeZone)).toContainEqual(['Date', '2026-01-14 19:30 PST']);
    const mail = receiptMail(await app.api.get(MailBrandService).brand(), 'buyer@example.com', facts, { kind: 'signIn' });
    // The mail writes the moment for its reader (English here), in the site's zone.
    expect(mail.text).toMatch(/Date: Jan 14, 2026, 7:30\sPM PST/);
    expect(mail.html).toMatch(/Jan 14, 2026, 7:30\sPM PST/);
    await general({ timezone: 'UTC' });
  });
});
