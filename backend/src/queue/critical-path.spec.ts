import { CriticalPath } from './critical-path';

const path = (yieldMs: number) => new CriticalPath({ yieldMs });

describe('CriticalPath', () => {
  it('lets a background job start at once when no payment step runs', async () => {
    const critical = path(60_000);
    let started = false;
    await critical.yieldTo().then(() => (started = true));
    expect(started).toBe(true);
  });

  it('holds a background job back until the payment steps under way have ended', async () => {
    const critical = path(60_000);
    const order: string[] = [];
    const leaveFirst = critical.enter();
    const leaveSecond = critical.enter();
    const waiting = critical.yieldTo().then(() => order.push('background started'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    order.push('first step ended');
    leaveFirst();
    await new Promise((resolve) => setTimeout(resolve, 50));
    order.push('second step ended');
    leaveSecond();
    await waiting;
    expect(order).toEqual(['first step ended', 'second step ended', 'background started']);
    expect(critical.busy).toBe(false);
  });

  it('waits again when the next payment step starts within the quiet spell', async () => {
    const critical = path(60_000);
    const order: string[] = [];
    const leave = critical.enter();
    const waiting = critical.yieldTo().then(() => order.push('background started'));
    leave();
    const next = critical.enter();
    await new Promise((resolve) => setTimeout(resolve, 100));
    order.push('next step ended');
    next();
    await waiting;
    expect(order).toEqual(['next step ended', 'background started']);
  });

  it('never holds a background job longer than its bound, however long the payment steps run', async () => {
    const critical = path(100);
    critical.enter();
    await critical.yieldTo();
    expect(critical.busy).toBe(true);
  });

  it('holds nothing back when the bound is 0, and counts a step that ends twice once', async () => {
    const critical = path(0);
    const leave = critical.enter();
    leave();
    leave();
    expect(critical.busy).toBe(false);
    critical.enter();
    await critical.yieldTo();
    expect(critical.busy).toBe(true);
  });
});
