/**
 * Fair rotation of live banners between sellers (issue 16: "rotating fairly between paying
 * sellers"). Banners are grouped by who pays for them (house banners, which have no owner, are
 * one more group); on turn `t` of S groups the group `t mod S` (in a fixed order) comes first,
 * then the others in order, and the result interleaves the groups — one banner of each, then a
 * second of each, … — so every seller holds the first place on exactly one turn in S, however
 * many banners they have. Within a seller's own banners the first one advances every S turns,
 * so each of theirs leads in its turn too; house banners keep the order staff gave them.
 */
export interface RotatedBanner {
  id: number;
  ownerId: number | null;
}

const HOUSE = 0;

export function rotateBanners<B extends RotatedBanner>(banners: readonly B[], turn: number): B[] {
  const groups = new Map<number, B[]>();
  for (const banner of banners) {
    const key = banner.ownerId ?? HOUSE;
    const group = groups.get(key);
    if (group) group.push(banner);
    else groups.set(key, [banner]);
  }
  const owners = [...groups.keys()].sort((a, b) => a - b);
  const count = owners.length;
  if (count === 0) return [];
  const step = ((turn % count) + count) % count;
  const round = Math.floor(turn / count);
  const ordered = owners.map((_, i) => {
    const owner = owners[(i + step) % count];
    const own = groups.get(owner)!;
    if (owner === HOUSE || own.length === 1) return own;
    const shift = round % own.length;
    return [...own.slice(shift), ...own.slice(0, shift)];
  });
  const result: B[] = [];
  const longest = Math.max(...ordered.map((own) => own.length));
  for (let depth = 0; depth < longest; depth++) for (const own of ordered) if (depth < own.length) result.push(own[depth]);
  return result;
}

/** The turn counter of one API process, per placement: each serving of a list takes the next turn. */
export function rotationTurns() {
  const turns = new Map<string, number>();
  return {
    next(placement: string): number {
      const turn = turns.get(placement) ?? 0;
      // Wraps long before it loses precision; fairness holds across the wrap to within one turn.
      turns.set(placement, (turn + 1) % 1_000_000_000);
      return turn;
    },
  };
}
