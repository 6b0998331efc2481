/** URL parts come from clients; a stray `%` must not throw out of a request handler. */
export function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
