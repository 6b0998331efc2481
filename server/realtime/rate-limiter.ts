/**
 * Token bucket: allows a short burst of `perSecond` messages, then a steady
 * `perSecond` rate, which is how Pusher limits client events.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = perSecond;
    this.updatedAt = now();
  }

  take(): boolean {
    const at = this.now();
    this.tokens = Math.min(this.perSecond, this.tokens + ((at - this.updatedAt) / 1000) * this.perSecond);
    this.updatedAt = at;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
