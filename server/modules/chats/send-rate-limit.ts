export interface SendPolicy {
  /** Messages that may go out back to back. */
  burst: number;
  /** Messages the allowance regains per second. */
  perSecond: number;
}

/** A person typing never comes near this; a script or a stuck retry loop does. */
export const USER_SEND_POLICY: SendPolicy = { burst: 20, perSecond: 1 };
/** Agents answer many people with canned replies, so they get more room. */
export const STAFF_SEND_POLICY: SendPolicy = { burst: 60, perSecond: 3 };

interface Bucket {
  tokens: number;
  at: number;
  policy: SendPolicy;
}

/**
 * Per-user token buckets shared by every way of sending a message (chats,
 * support, console replies). In memory: with several API nodes each node
 * counts on its own, so the effective limit grows with the node count.
 */
export function sendRateLimiter(now: () => number = () => Date.now()) {
  const buckets = new Map<number, Bucket>();

  function refill(userId: number, policy: SendPolicy): Bucket {
    const t = now();
    const bucket = buckets.get(userId) ?? { tokens: policy.burst, at: t, policy };
    bucket.policy = policy;
    bucket.tokens = Math.min(policy.burst, bucket.tokens + ((t - bucket.at) / 1000) * policy.perSecond);
    bucket.at = t;
    buckets.set(userId, bucket);
    return bucket;
  }

  return {
    /** Takes one message's allowance; when none is left, says how many seconds until there is. */
    take(userId: number, policy: SendPolicy): { ok: true } | { ok: false; retryAfterSeconds: number } {
      const bucket = refill(userId, policy);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { ok: true };
      }
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / policy.perSecond)) };
    },

    /** Gives back what `take` took, for a send that turned out to be a retry of a stored message. */
    refund(userId: number, policy: SendPolicy): void {
      const bucket = buckets.get(userId);
      if (bucket) bucket.tokens = Math.min(policy.burst, bucket.tokens + 1);
    },

    /** Drops buckets that have refilled completely, so the map only holds recent senders. */
    prune(): void {
      for (const [userId, bucket] of buckets) if (refill(userId, bucket.policy).tokens >= bucket.policy.burst) buckets.delete(userId);
    },

    reset(): void {
      buckets.clear();
    },
  };
}

export type SendRateLimiter = ReturnType<typeof sendRateLimiter>;
