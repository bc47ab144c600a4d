import { MutationObserver } from '@tanstack/react-query';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, retryTransient } from '../queryClient';

describe("the console's query client", () => {
  it.each([400, 401, 403, 404, 409, 422])('does not retry a %i: the answer will not change', (status) => {
    expect(retryTransient(0, new HttpError('No', status))).toBe(false);
  });

  it.each([
    ['a 5xx', new HttpError('Unavailable', 503)],
    ['a request without an answer', new TypeError('Failed to fetch')],
  ])('retries %s twice', (_what, error) => {
    expect([0, 1, 2].map((failures) => retryTransient(failures, error))).toEqual([true, true, false]);
  });

  it('applies that policy to every read it runs', async () => {
    const client = createQueryClient();
    const notFound = vi.fn(() => Promise.reject(new HttpError('Not found', 404)));
    const unavailable = vi.fn(() => Promise.reject(new HttpError('Unavailable', 503)));
    await expect(client.fetchQuery({ queryKey: ['gone'], queryFn: notFound, retryDelay: 0 })).rejects.toThrow('Not found');
    await expect(client.fetchQuery({ queryKey: ['down'], queryFn: unavailable, retryDelay: 0 })).rejects.toThrow('Unavailable');
    expect([notFound.mock.calls.length, unavailable.mock.calls.length]).toEqual([1, 3]);
  });

  it('does not retry a mutation (a save is never sent twice on its own)', async () => {
    const save = vi.fn(() => Promise.reject(new HttpError('Unavailable', 503)));
    await expect(new MutationObserver(createQueryClient(), { mutationFn: save }).mutate()).rejects.toThrow('Unavailable');
    expect(save).toHaveBeenCalledTimes(1);
  });
});
