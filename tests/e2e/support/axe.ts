import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** The rules the product is held to: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * An axe run on the page with those rules. A page without frames is checked with `axe.run` in the
 * page itself (AxeBuilder's legacy mode): the default runs each frame's part and then opens a
 * blank page of its own to put the parts together, which took 43 of the 57 s of the accessibility
 * file's desktop test (34 audits); with `axe.run`, 24 s, and the same rules find the same
 * violations. A page with frames gets the default, which also checks inside them (legacy mode
 * found nothing inside a srcdoc frame).
 */
export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(page.frames().length === 1);
}

/**
 * Loads axe into every frame of the page first. AxeBuilder gives a frame one second for axe's
 * 1.3 MB script and silently leaves the frame unchecked when it takes longer; the first load took
 * 971 ms on an idle machine, so a busy one lost the frame's findings. A second load of the same
 * script compiles from the cache (337–559 ms). Call before `analyze()`.
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
    const result = await frame.evaluate(
      (tags) =>
        (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags } }),
      WCAG_TAGS,
    );
    found.push(...(result.violations as FrameViolation[]));
  }
  return found;
}
