/**
 * Pusher Channels (and our server, configured alike) refuse event data over
 * 10 KB. A 4000-character message of emoji or quotes can exceed that once
 * JSON-encoded, so the text is cut until the event fits, and the event says
 * so (`content_truncated`): the client then reads the full text over HTTP.
 */
export const EVENT_DATA_LIMIT = 10 * 1024;
/** Room for the `event_id` the publisher adds. */
const ENVELOPE_ROOM = 80;

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

export function fitContent<T>(content: string, build: (content: string, truncated: boolean) => T, limit = EVENT_DATA_LIMIT): T {
  const full = build(content, false);
  if (bytes(full) + ENVELOPE_ROOM <= limit) return full;
  // Cut on code points, never inside a surrogate pair.
  const points = [...content];
  let low = 0;
  let high = points.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (bytes(build(points.slice(0, mid).join(''), true)) + ENVELOPE_ROOM <= limit) low = mid;
    else high = mid - 1;
  }
  return build(points.slice(0, low).join(''), true);
}
