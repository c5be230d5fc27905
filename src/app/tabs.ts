import { createElement, type ComponentType } from 'react';
import { lazyView } from '@/components/lazy-view/lazy-view';
import { allowedTabs, TAB_KEYS, TAB_LABELS, type Role, type TabKey } from '@/lib/authorization';
import type { TabPrefetch } from './dashboard/warm-start';
import { TabFrame } from './dashboard-frame';

/**
 * The tab registry. A tab's view is the default export of `src/features/<tab key>/tab.tsx`; each
 * becomes its own lazily loaded chunk. Who sees which tab comes from the authorization map
 * (src/lib/authorization.ts).
 */
const tabModules = import.meta.glob<{ default: ComponentType }>('../features/*/tab.tsx');
/**
 * A tab may also have `src/features/<tab key>/prefetch.ts`, whose `prefetch` starts the tab's first
 * reads before its view is rendered (./dashboard/warm-start.ts). It comes with the dashboard's chunk,
 * so it has to be small: the reads, not the view.
 */
const prefetchers = import.meta.glob<TabPrefetch>('../features/*/prefetch.ts', { eager: true, import: 'prefetch' });

export interface TabDefinition {
  key: TabKey;
  label: string;
  /** The view; `preload()` fetches its code ahead of the first render. */
  View: ComponentType & { preload(): void };
  /** Starts the tab's first reads, where the tab has a `prefetch.ts`. */
  prefetch?: TabPrefetch;
}

export const TABS: readonly TabDefinition[] = TAB_KEYS.map((key) => {
  const path = `../features/${key}/tab.tsx`;
  const load = tabModules[path];
  if (!load) throw new Error(`The tab '${key}' has no view: src/features/${key}/tab.tsx is missing.`);
  return {
    key,
    label: TAB_LABELS[key],
    // While its code loads, the tab's heading stands where the screen will draw it.
    View: lazyView(load, { placeholder: () => createElement(TabFrame, { tab: key }) }),
    prefetch: prefetchers[`../features/${key}/prefetch.ts`],
  };
});

export function tabsFor(role: Role): TabDefinition[] {
  const allowed = new Set(allowedTabs(role));
  return TABS.filter((tab) => allowed.has(tab.key));
}
