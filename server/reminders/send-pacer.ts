/**
 * Paces sends after Meta has said "too many" (error 613 and friends): the rate that was reached
 * in the last second, less 10 %, becomes the pace, which then speeds up slowly again (additive
 * increase, multiplicative decrease), so a long run settles just under the limit instead of
 * bursting into it and pausing over and over. Before the first rate limit there is no pacing.
 * The spacing never passes MAX_PACE_MS: after a long run of rate limits (each pause doubling it, as
 * nothing succeeded in the second before) it would otherwise reach minutes per send and stay there
 * for every clinic; a limit tighter than that is met by the scheduler's pauses.
 */
export const MAX_PACE_MS = 1_000;

export class SendPacer {
  private intervalMs = 0;
  private nextSlot = 0;
  private readonly recentSuccesses: number[] = [];

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Milliseconds to wait before the next send; reserves that send's slot. */
  reserve(): number {
    const now = this.now();
    const slot = Math.max(now, this.nextSlot);
    this.nextSlot = slot + this.intervalMs;
    return slot - now;
  }

  succeeded(): void {
    const now = this.now();
    this.recentSuccesses.push(now);
    while (this.recentSuccesses.length > 0 && this.recentSuccesses[0]! < now - 1000) this.recentSuccesses.shift();
    this.intervalMs *= 0.9999;
  }

  rateLimited(): void {
    const now = this.now();
    const reached = this.recentSuccesses.filter((at) => at >= now - 1000).length;
    const paced = reached > 0 ? 1000 / (reached * 0.9) : Math.max(10, this.intervalMs * 2);
    this.intervalMs = Math.min(MAX_PACE_MS, Math.max(this.intervalMs, paced));
  }

  /** The current pause between sends (0: unpaced). */
  get paceMs(): number {
    return this.intervalMs;
  }
}
