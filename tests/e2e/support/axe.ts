import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The rules the product is held to (issue 16, item 3): WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * An axe run on the page with those rules. A page without frames is checked with `axe.run` in the
 * page itself (AxeBuilder's legacy mode): the default runs each frame's part and then opens a
 * blank page of its own to put the parts together, which took 43 of the 57 s of the accessibility
 * file's desktop test (34 audits); with `axe.run`, 24 s, and the same rules find the same
 * violations. A page with frames gets the default, which also checks inside them.
 */
export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(page.frames().length === 1);
}

/** The violations the product must not have (issue 16, item 3): serious and critical ones. */
export function isSeriousOrCritical(violation: { impact?: string | null }): boolean {
  return violation.impact === 'serious' || violation.impact === 'critical';
}
