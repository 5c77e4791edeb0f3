import type { BrowserContext, Page } from '@playwright/test';

/** One of Chromium's `layout-shift` entries, with the elements that moved. */
export interface LayoutShift {
  value: number;
  startTime: number;
  hadRecentInput: boolean;
  sources: Array<{ node: string; from: string; to: string }>;
}

interface Recorder {
  __layoutShifts: LayoutShift[];
}

/**
 * Every page `context` opens from now on records its `layout-shift` entries from the first
 * paint, each with its sources: the moved element (tag, classes, label, start of its text) and
 * its box before and after.
 */
export async function recordLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shifts: LayoutShift[] = [];
    (window as unknown as Recorder).__layoutShifts = shifts;
    const describe = (node: Node | null) => {
      if (!(node instanceof Element))
        return node ? `text "${node.textContent?.slice(0, 30)}"` : '?';
      const classes = [...node.classList].map((name) => `.${name}`).join('');
      const label = node.getAttribute('aria-label') ?? node.getAttribute('alt');
      const text = (node.textContent ?? '').trim().slice(0, 40);
      return `${node.tagName.toLowerCase()}${classes}${label ? `[${label}]` : ''} "${text}"`;
    };
    const box = ({ x, y, width, height }: DOMRectReadOnly) =>
      `${Math.round(x)},${Math.round(y)} ${Math.round(width)}×${Math.round(height)}`;
    type Entry = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: Array<{
        node: Node | null;
        previousRect: DOMRectReadOnly;
        currentRect: DOMRectReadOnly;
      }>;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Entry[]) {
        shifts.push({
          value: entry.value,
          startTime: Math.round(entry.startTime),
          hadRecentInput: entry.hadRecentInput,
          sources: (entry.sources ?? []).map((source) => ({
            node: describe(source.node),
            from: box(source.previousRect),
            to: box(source.currentRect),
          })),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts `page` has recorded so far (see recordLayoutShifts). */
export function layoutShiftsOf(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(() => [...(window as unknown as Recorder).__layoutShifts]);
}

/**
 * Cumulative layout shift: the sum of every shift the member did not cause (no recent input).
 * Never less than the session-window figure Lighthouse and web-vitals report.
 */
export function cumulativeLayoutShift(shifts: LayoutShift[]): number {
  return shifts.filter((shift) => !shift.hadRecentInput).reduce((sum, s) => sum + s.value, 0);
}

/** One line per shift and one per moved element, for a failure message. */
export function describeShifts(shifts: LayoutShift[]): string {
  return shifts
    .map(
      (shift) =>
        `${shift.value.toFixed(4)} at ${shift.startTime} ms${shift.hadRecentInput ? ' (input)' : ''}` +
        shift.sources
          .map((source) => `\n    ${source.node}: ${source.from} → ${source.to}`)
          .join(''),
    )
    .join('\n');
}

/** Whether every picture that is at least partly in the viewport has arrived (or failed). */
function picturesInViewDrawn(): boolean {
  return [...document.images].every((image) => {
    const { top, bottom, left, right } = image.getBoundingClientRect();
    const inView = bottom > 0 && top < innerHeight && right > 0 && left < innerWidth;
    return !inView || image.complete;
  });
}

/**
 * Waits until the page has settled: the pictures in view have arrived and no shift has been
 * recorded for `quietMs` (a late answer from the backend shows within that time).
 */
export async function waitForLayoutToSettle(page: Page, quietMs = 1500): Promise<void> {
  await page.waitForFunction(picturesInViewDrawn);
  let count = (await layoutShiftsOf(page)).length;
  for (;;) {
    await page.waitForTimeout(quietMs);
    const now = (await layoutShiftsOf(page)).length;
    if (now === count && (await page.evaluate(picturesInViewDrawn))) return;
    count = now;
  }
}
