/** Small per-tab preferences (active tab, selected clinic) that survive a reload; never auth data. */
export function readPreference(key: string): string | null {
  try {
    return globalThis.sessionStorage?.getItem(`ngiti:${key}`) ?? null;
  } catch {
    return null;
  }
}

export function writePreference(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.sessionStorage?.removeItem(`ngiti:${key}`);
    else globalThis.sessionStorage?.setItem(`ngiti:${key}`, value);
  } catch {
    // Storage can be full or disabled (private mode); the preference is only a convenience.
  }
}

export function clearPreferences(): void {
  try {
    const storage = globalThis.sessionStorage;
    if (!storage) return;
    for (const key of Object.keys(storage)) if (key.startsWith('ngiti:')) storage.removeItem(key);
  } catch {
    // see writePreference
  }
}
