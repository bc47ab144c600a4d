import type { Page } from '@playwright/test';

export interface Overflow {
  /** How wide the page's content is (document.documentElement.scrollWidth). */
  page: number;
  viewport: number;
  /** Up to five visible elements whose right edge is past the viewport's, outermost first. */
  culprits: string[];
}

/**
 * What reaches past the right edge of the screen: the page scrolling
 * sideways, or any visible element beyond the edge, even inside a box
 * that scrolls or clips it (a table a phone has to swipe, a badge cut off).
 * A screen that fits returns { page: viewport, culprits: [] }.
 */
export async function overflowOf(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    const beyond = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.right <= viewport + 0.5) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none';
    };
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => beyond(el) && !(el.parentElement && beyond(el.parentElement)))
      .slice(0, 5)
      .map((el) => {
        const text = (el.textContent ?? '').trim().slice(0, 30);
        return `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 2).join('.')} "${text}" right=${Math.round(el.getBoundingClientRect().right)}`;
      });
    return { page: document.documentElement.scrollWidth, viewport, culprits };
  });
}
