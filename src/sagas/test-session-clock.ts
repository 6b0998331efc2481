/**
 * The device's clock measured against the server's: the server read its
 * clock somewhere inside the round trip, best guessed at its midpoint. The
 * shortest round trip seen gives the tightest bound, so a slow answer never
 * replaces a better measurement.
 */
export function createClockSync() {
  let bestRoundTrip = Infinity;
  return (sentAt: number, receivedAt: number, serverTime: string | undefined): number | null => {
    const server = serverTime ? Date.parse(serverTime) : NaN;
    const roundTrip = receivedAt - sentAt;
    if (!Number.isFinite(server) || roundTrip < 0 || roundTrip >= bestRoundTrip) return null;
    bestRoundTrip = roundTrip;
    return Math.round(server - (sentAt + receivedAt) / 2);
  };
}

export type ClockSync = ReturnType<typeof createClockSync>;

/** Warnings before the deadline, most urgent first: a one-minute warning is an error toast, five minutes an info. */
export const DEADLINE_WARNINGS = [
  { ms: 60_000, kind: 'error' as const, key: 'olympiadTests.ui.warning.oneMinute' },
  { ms: 5 * 60_000, kind: 'info' as const, key: 'olympiadTests.ui.warning.fiveMinutes' },
];

/**
 * The warning whose threshold the countdown just crossed (the most urgent if
 * a sleeping tab skipped past several), or null. Nothing on the first tick:
 * a reload with three minutes left has already been warned.
 */
export function crossedWarning(previous: number | null, remaining: number) {
  if (previous === null || remaining <= 0) return null;
  return DEADLINE_WARNINGS.find((warning) => previous > warning.ms && remaining <= warning.ms) ?? null;
}

/** Wake at the next whole second of the deadline, not one second from now. */
export const nextTickIn = (remaining: number) => remaining % 1000 || 1000;
