import { describe, expect, it, vi } from 'vitest';
import { unregisterServiceWorkers } from './browser-behaviour';

function fakeContainer(registrations: { unregister: () => Promise<boolean> }[]) {
  const listeners: (() => void)[] = [];
  return {
    container: {
      getRegistrations: vi.fn(async () => registrations),
      addEventListener: vi.fn((type: string, listener: () => void) => {
        if (type === 'controllerchange') listeners.push(listener);
      }),
    } as unknown as ServiceWorkerContainer,
    changeController: () => listeners.forEach((listener) => listener()),
  };
}

describe('service workers', () => {
  it('unregisters every registered service worker', async () => {
    const registrations = [{ unregister: vi.fn(async () => true) }, { unregister: vi.fn(async () => true) }];
    const { container } = fakeContainer(registrations);
    unregisterServiceWorkers(container, vi.fn());
    await vi.waitFor(() => registrations.forEach((registration) => expect(registration.unregister).toHaveBeenCalled()));
  });

  it('reloads the page once when a controller changes', () => {
    const reload = vi.fn();
    const { container, changeController } = fakeContainer([]);
    unregisterServiceWorkers(container, reload);
    changeController();
    changeController();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does nothing in a browser without service workers', () => {
    expect(() => unregisterServiceWorkers(undefined, vi.fn())).not.toThrow();
  });
});
