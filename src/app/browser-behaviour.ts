import { whenIdle } from '@/lib/when-idle';

/**
 * Browser housekeeping of spec §7: no service worker may serve stale copies of the app, and
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

export function reportWebVitalsLazily(report: VitalsReporter = logMetric): void {
  const start = () => {
    import('web-vitals')
      .then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
        for (const subscribe of [onCLS, onFCP, onINP, onLCP, onTTFB]) subscribe(report);
      })
      .catch(() => undefined);
  };
  whenIdle(start);
}
