/**
 * Microseconds to touch one page of memory the process has not used yet (median of `rounds`);
 * `clock` reads nanoseconds.
 */
export function freshPageMicros(rounds?: number, clock?: () => bigint): number;

/** The kernel release and the cost of a fresh page, for a record of timings taken on this host. */
export function hostFacts(): { kernel: string; freshPageMicros: number };
