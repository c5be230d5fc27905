import { whenIdle } from '@/lib/when-idle';

/**
 * Browser housekeeping: no service worker may serve stale copies of the app, and
 * performance metrics are reported by a library loaded only after the page is idle.
 */
export function unregisterServiceWorkers(
  container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker,
  reload: () => void = () => window.location.reload(),
): void {
  if (!container) return;
  container
    .getRegistrations()
    .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())))
    .catch(() => undefined);
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (reloading) return;
    reloading = true;
    reload();
  });
}

export interface VitalsMetric {
  name: string;
  value: number;
  rating: string;
}

export type VitalsReporter = (metric: VitalsMetric) => void;

/** Metrics go to the console at debug level (hidden unless "Verbose" is on). */
const logMetric: VitalsReporter = (metric) =>
  console.debug(`[web-vitals] ${metric.name} ${Math.round(metric.value * 100) / 100} (${metric.rating})`);

/**
 * How long after the app starts the metrics library comes. The browser keeps the entries it reads
 * (paints, shifts, input delays) until then, so waiting loses none of them, and the library never
 * competes with the first screen's code and reads on a slow phone.
 */
export const VITALS_START_DELAY_MS = 5_000;

export function reportWebVitalsLazily(report: VitalsReporter = logMetric): void {
  const start = () => {
    import('web-vitals')
      .then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
        for (const subscribe of [onCLS, onFCP, onINP, onLCP, onTTFB]) subscribe(report);
      })
      .catch(() => undefined);
  };
  setTimeout(() => whenIdle(start), VITALS_START_DELAY_MS);
}
