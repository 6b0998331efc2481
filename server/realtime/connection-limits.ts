/**
 * How many realtime connections one client may hold. Counted per node: behind a balancer with
 * N nodes a client may hold up to N times as many in all.
 */
export interface ConnectionLimits {
  /** Open sockets per client address (a school or an office shares one). */
  perAddress: number;
  /** Sockets subscribed to one user's private channel: the SPA keeps one per browser. */
  perUser: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { perAddress: 200, perUser: 20 };

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  // A typo must not silently lift the cap (NaN) or refuse everyone (0).
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} must be a positive integer, not ${JSON.stringify(value)}`);
  return parsed;
}

/** REALTIME_MAX_CONNECTIONS_PER_IP and REALTIME_MAX_CONNECTIONS_PER_USER, or the defaults. */
export function connectionLimitsFromEnv(env: NodeJS.ProcessEnv): ConnectionLimits {
  return {
    perAddress: positiveInteger('REALTIME_MAX_CONNECTIONS_PER_IP', env.REALTIME_MAX_CONNECTIONS_PER_IP, DEFAULT_CONNECTION_LIMITS.perAddress),
    perUser: positiveInteger('REALTIME_MAX_CONNECTIONS_PER_USER', env.REALTIME_MAX_CONNECTIONS_PER_USER, DEFAULT_CONNECTION_LIMITS.perUser),
  };
}
