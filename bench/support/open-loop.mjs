// Open-loop sending for the benches (bench:catalog's paced run, chat, olympiad, realtime): every operation has a moment it is
// due, set by the rate the bench claims and not by when an earlier one was answered, and its latency counts from
// that moment. A bench that waits for answers before sending on (or times from the actual send while its own
// event loop was behind) sends little during a server stall, so few samples see it and the p99 reads better
// than what people get (coordinated omission).
//
// A send that goes out well after its moment is the client falling behind, or (bench:olympiad's one sender, as
// the SPA's) waiting for the previous answer: counted, so a reader can tell.

/** Later than this after its due moment, a send counts as late: past timer jitter, short of anything a user notices. */
export const LATE_MS = 10;

/**
 * Waits until `due` on `clock` (any monotonic milliseconds) and returns the moment to time the operation from:
 * `due` itself, or the send when a timer fired a fraction of a millisecond early (no negative latencies).
 */
export async function waitUntil(due, clock) {
  const wait = due - clock();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return Math.min(due, clock());
}

/** Sends counted against their due moments: how many, how many late, the worst delay. Plain data, so workers can post it. */
export function lateness() {
  const counted = { sends: 0, late: 0, worstMs: 0 };
  return {
    counted,
    /** One send that was due at `due` and went out at `sentAt` (same clock). */
    note(due, sentAt) {
      const by = sentAt - due;
      counted.sends++;
      if (by > LATE_MS) counted.late++;
      if (by > counted.worstMs) counted.worstMs = by;
    },
  };
}

/** Several workers' `counted` as one. */
export const addLateness = (all) => ({
  sends: all.reduce((sum, c) => sum + c.sends, 0),
  late: all.reduce((sum, c) => sum + c.late, 0),
  worstMs: Math.max(0, ...all.map((c) => c.worstMs)),
});

/** The line's wording: "N of M sent more than 10 ms after due (worst X ms)". */
export const lateNote = ({ sends, late, worstMs }) => `${late.toLocaleString('en-US')} of ${sends.toLocaleString('en-US')} sent more than ${LATE_MS} ms after due (worst ${worstMs.toFixed(1)} ms late)`;
