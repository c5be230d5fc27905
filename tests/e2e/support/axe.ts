import AxeBuilder from '@axe-core/playwright';
import axe, { type AxeResults } from 'axe-core';
import type { Frame, Page } from 'playwright-core';

/** The rules the product is held to: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe's results for the page (or only inside `include`) with those rules. A page without frames is
 * checked with `axe.run` in the page itself, axe's 1.3 MB script loaded once per document:
 * AxeBuilder's own legacy mode evaluated it twice on every call, which was half of the
 * accessibility file's axe time. AxeBuilder's default, which runs each frame's part and puts them
 * together in a blank page of its own, took 43 of the 57 s of that file's desktop test; it stays
 * for a page with frames, as it also checks inside them (`axe.run` in the page found nothing inside a
 * srcdoc frame).
 */
export async function runAxe(page: Page, include?: string): Promise<AxeResults> {
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
    return (include ? builder.include(include) : builder).analyze();
  }
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return axeRunIn(page.mainFrame(), include);
}

/** `axe.run` with those rules in a frame that has axe loaded: on its document, or only inside `selector`. */
function axeRunIn(frame: Frame, selector?: string): Promise<AxeResults> {
  return frame.evaluate(
    ({ selector, tags }) =>
      (window as unknown as { axe: typeof axe }).axe.run(selector ? { include: [selector], exclude: [] } : document, {
        runOnly: { type: 'tag', values: tags },
      }),
    { selector, tags: WCAG_TAGS },
  );
}

/**
 * Loads axe into every frame of the page first. AxeBuilder gives a frame one second for axe's
 * 1.3 MB script and silently leaves the frame unchecked when it takes longer; the first load took
 * 971 ms on an idle machine, so a busy one lost the frame's findings. A second load of the same
 * script compiles from the cache (337–559 ms). Call before `runAxe`.
 */
export async function loadAxeIntoFrames(page: Page): Promise<void> {
  for (const frame of page.frames().slice(1)) await frame.evaluate(axe.source);
}

/** The violations the product must not have: serious and critical ones. */
export function isSeriousOrCritical(violation: { impact?: string | null }): boolean {
  return violation.impact === 'serious' || violation.impact === 'critical';
}

interface FrameViolation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[]; any: { message: string }[] }[];
}

/**
 * axe's findings inside each frame of the page, run there with `axe.run` (load axe first with
 * loadAxeIntoFrames). AxeBuilder's own frame pass (each frame's part, put together in a blank page)
 * came back empty with Chromium 156.0.8078.108, so a frame is audited in the frame itself.
 */
export async function frameViolations(page: Page): Promise<FrameViolation[]> {
  const found: FrameViolation[] = [];
  for (const frame of page.frames().slice(1)) {
    found.push(...((await axeRunIn(frame)).violations as FrameViolation[]));
  }
  return found;
}
