/**
 * Microseconds to touch one page of memory the process has not used yet (median of `rounds`);
 * `clock` reads nanoseconds.
 */
export function freshPageMicros(rounds?: number, clock?: () => bigint): number;

/** The processor's model and clock as the machine reports them, e.g. "AMD EPYC @ 2596 MHz". */
export function cpuName(): string;

/**
 * Milliseconds for a fixed single-core JavaScript workload (median of `rounds`); `clock` reads
 * nanoseconds. Lower is a faster host.
 */
export function cpuMarkMillis(rounds?: number, clock?: () => bigint): number;

/** The processor, its speed at a fixed workload, the kernel and the cost of a fresh page. */
export function hostFacts(): { cpu: string; cpuMarkMillis: number; kernel: string; freshPageMicros: number };
