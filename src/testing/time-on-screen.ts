import { waitFor } from '@testing-library/react';

/**
 * How long an element stays in the document, from the DOM changes themselves (a MutationObserver
 * notes the moment it is added and the moment it is removed), not from when a test's polling
 * happened to see it: on a busy machine a poll sees the element late, and a duration measured from
 * that poll comes out short. Start it before the element can appear.
 */
export function timeOnScreen(matches: (element: Element) => boolean) {
  let element: Element | undefined;
  let shownAt: number | undefined;
  let goneAt: number | undefined;
  const observer = new MutationObserver(() => {
    if (element === undefined) {
      element = Array.from(document.body.querySelectorAll('*')).find(matches);
      if (element) shownAt = performance.now();
    } else if (!element.isConnected) {
      goneAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return {
    /** Milliseconds from its appearing to its removal, once it has gone. */
    async shownForMs(timeoutMs = 10_000): Promise<number> {
      await waitFor(
        () => {
          if (shownAt === undefined || goneAt === undefined) throw new Error('not yet shown and gone');
        },
        { timeout: timeoutMs },
      );
      return goneAt! - shownAt!;
    },
  };
}
