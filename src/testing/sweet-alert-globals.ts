import { vi } from 'vitest';

/** What sweetalert2 asks of the browser and jsdom lacks: matchMedia (about reduced motion) and scrollTo. */
export function stubSweetAlertGlobals(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.stubGlobal('scrollTo', () => undefined);
}
