/** Remembers the last event ids, so an event heard twice (a reconnect, a relay between tabs) is applied once. */
export function createDeduper(limit = 500) {
  const seen = new Set<string>();
  return (id: string | undefined): boolean => {
    if (!id) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    if (seen.size > limit) seen.delete(seen.values().next().value as string);
    return true;
  };
}
