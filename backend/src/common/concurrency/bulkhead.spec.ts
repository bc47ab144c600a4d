import { Bulkhead } from './bulkhead';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('Bulkhead', () => {
  it('runs at most `limit` at once and lets the waiting ones in as others finish', async () => {
    const gate = new Bulkhead('tests', 2, 10, 1000);
    const blockers = [deferred(), deferred(), deferred()];
    let peak = 0;
    const runs = blockers.map((b) =>
      gate.run(async () => {
        peak = Math.max(peak, gate.active);
        await b.promise;
      }),
    );
    await new Promise((r) => setImmediate(r));
    expect(gate.active).toBe(2);
    blockers.forEach((b) => b.resolve());
    await Promise.all(runs);
    expect(peak).toBe(2);
    expect(gate.active).toBe(0);
  });

  it('answers 503 when too many wait, or a wait is too long', async () => {
    const gate = new Bulkhead('tests', 1, 1, 50);
    const block = deferred();
    const first = gate.run(() => block.promise);
    const second = gate.run(async () => 'ran');
    await expect(gate.run(async () => 'never')).rejects.toMatchObject({ code: 'BUSY', details: { retryAfterSeconds: 5 } });
    await expect(second).rejects.toMatchObject({ code: 'BUSY' });
    block.resolve();
    await first;
    await expect(gate.run(async () => 'free again')).resolves.toBe('free again');
  });

  it('fails the waiting ones at once when a run finds the database unresponsive, instead of handing them its slot', async () => {
    const gate = new Bulkhead('tests', 1, 10, 10_000);
    const block = deferred();
    let ran = false;
    const first = gate.run(async () => {
      await block.promise;
      throw Object.assign(new Error('Query read timeout'), { name: 'QueryFailedError' });
    });
    const waiting = [gate.run(async () => (ran = true)), gate.run(async () => (ran = true))];
    block.resolve();
    await expect(first).rejects.toThrow('Query read timeout');
    for (const w of waiting) await expect(w).rejects.toThrow('Query read timeout');
    expect(ran).toBe(false);
    expect(gate.active).toBe(0);
    // Another error (a bug, a duplicate key) hands the slot on as before.
    const blocked = deferred();
    const failing = gate.run(async () => {
      await blocked.promise;
      throw new Error('duplicate key value');
    });
    const next = gate.run(async () => 'ran after');
    blocked.resolve();
    await expect(failing).rejects.toThrow('duplicate key value');
    await expect(next).resolves.toBe('ran after');
  });
});
