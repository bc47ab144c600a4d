import type { Page } from '@playwright/test';

/**
 * Waits until every finite CSS transition and animation on the page has
 * finished. Axe reads colours as they are painted, so a button caught mid-way
 * from disabled grey to its enabled colour looks like a contrast failure.
 * Endless ones (spinners) are ignored.
 */
export async function transitionsFinished(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || !Number.isFinite(Number(a.effect?.getComputedTiming().endTime))),
    undefined,
    { timeout: 10_000 },
  );
}
