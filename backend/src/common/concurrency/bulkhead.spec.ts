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
    await expect(gate.run(async () => 'never')).rejects.toMatchObject({ status: 503, details: { retryAfterSeconds: 5 } });
    await expect(second).rejects.toMatchObject({ status: 503 });
    block.resolve();
    await first;
    await expect(gate.run(async () => 'free again')).resolves.toBe('free again');
  });
});
