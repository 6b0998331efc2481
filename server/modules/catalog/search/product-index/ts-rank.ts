/**
 * `ts_rank(weights, document, query)` with no normalization, computed as PostgreSQL computes it
 * (src/backend/utils/adt/tsrank.c: calc_rank, calc_rank_or, calc_rank_and), in single precision step by step
 * as its C does, so a product ranked in memory ranks exactly as the database would rank it.
 */
const f32 = Math.fround;
/** MAXENTRYPOS: an entry without positions sits at MAXENTRYPOS - 1, and a zero distance to it counts as MAXENTRYPOS. */
const MAX_ENTRY_POS = 1 << 14;
const WORD_DISTANCE_MAX = 100;

/** word_distance(): a weight for two words `distance` apart, as float4 (a table for the distances that can occur near). */
const WORD_DISTANCE = Float32Array.from({ length: WORD_DISTANCE_MAX + 1 }, (_, distance) => 1.0 / (1.005 + 0.05 * Math.exp(f32(distance) / 1.5 - 2)));
const FAR = f32(1e-30);
const wordDistance = (distance: number) => (distance > WORD_DISTANCE_MAX ? FAR : WORD_DISTANCE[distance]);

/**
 * One operand of the query as the document meets it: `count` entries of the document (one for a whole word, any
 * number under a prefix), in the document's lexeme order; entry `k`'s positions (WordEntryPos) are
 * `weps[k]` from `starts[k]` to `ends[k]` (none: the document keeps no positions for it).
 */
export interface RankOperand {
  count: number;
  weps: Uint16Array[];
  starts: Int32Array;
  ends: Int32Array;
}

/**
 * `weights`: D, C, B, A as ts_rank takes them. `operands`: the query's distinct operands in byte order of their
 * text (SortAndUniqItems), each with the entries it matches. `and`: the query's top operator is AND. The
 * document is never empty here (it matched).
 */
export function tsRank(weights: Float32Array, operands: readonly RankOperand[], and: boolean): number {
  if (!operands.length) return 0;
  const rank = and && operands.length >= 2 ? rankAnd(weights, operands) : rankOr(weights, operands);
  return rank < 0 ? f32(1e-20) : rank;
}

function rankOr(w: Float32Array, operands: readonly RankOperand[]): number {
  let res = f32(0);
  for (const operand of operands) {
    for (let k = 0; k < operand.count; k++) res = f32(res + entryShare(w, operand.weps[k], operand.starts[k], operand.ends[k]) / OR_SCALE);
  }
  return f32(res / operands.length);
}

/** calc_rank_or divides each entry's share by this (the sum of 1/i², π²/6, as its C spells it) before adding it. */
export const OR_SCALE = 1.64493406685;

/**
 * One entry's share of calc_rank_or before the division by OR_SCALE: its positions `weps[start..end)` (none: one
 * at position 0 with weight D), each weighed by 1/(j+1)², the heaviest counted in full.
 */
export function entryShare(w: Float32Array, weps: Uint16Array, start: number, end: number): number {
  const count = Math.max(end - start, 1);
  const hasPositions = end > start;
  let resj = f32(0);
  let wjm = f32(-1);
  let jm = 0;
  for (let j = 0; j < count; j++) {
    const weight = w[hasPositions ? weps[start + j] >> 14 : 0];
    resj = f32(resj + f32(weight / ((j + 1) * (j + 1))));
    if (weight > wjm) {
      wjm = weight;
      jm = j;
    }
  }
  return f32(f32(wjm + resj) - f32(wjm / ((jm + 1) * (jm + 1))));
}

/**
 * rankAnd's record of the last entry seen of each operand, shared by every call (a search ranks every match, and
 * three small arrays per match were a quarter of what the API allocated).
 */
const seenWeps: Array<Uint16Array | null> = [];
let seenStart = new Int32Array(8);
let seenEnd = new Int32Array(8);

function rankAnd(w: Float32Array, operands: readonly RankOperand[]): number {
  let res = f32(-1);
  // PostgreSQL pairs each entry only with the last entry seen of each earlier operand.
  const lastOperand = operands.length;
  if (seenStart.length < lastOperand) {
    seenStart = new Int32Array(lastOperand * 2);
    seenEnd = new Int32Array(lastOperand * 2);
  }
  for (let i = 0; i < lastOperand; i++) seenWeps[i] = null;
  for (let i = 0; i < lastOperand; i++) {
    const operand = operands[i];
    for (let e = 0; e < operand.count; e++) {
      const post = operand.weps[e];
      const postStart = operand.starts[e];
      const postEnd = operand.ends[e];
      seenWeps[i] = post;
      seenStart[i] = postStart;
      seenEnd[i] = postEnd;
      const postNull = postEnd === postStart;
      const dimt = postNull ? 1 : postEnd - postStart;
      for (let k = 0; k < i; k++) {
        const ct = seenWeps[k];
        if (!ct) continue;
        const ctNull = seenEnd[k] === seenStart[k];
        const lenct = ctNull ? 1 : seenEnd[k] - seenStart[k];
        for (let l = 0; l < dimt; l++) {
          const a = postNull ? MAX_ENTRY_POS - 1 : post[postStart + l];
          for (let p = 0; p < lenct; p++) {
            const b = ctNull ? MAX_ENTRY_POS - 1 : ct[seenStart[k] + p];
            let distance = Math.abs((a & 0x3fff) - (b & 0x3fff));
            if (distance || postNull || ctNull) {
              if (!distance) distance = MAX_ENTRY_POS;
              const curw = f32(Math.sqrt(f32(f32(w[a >> 14] * w[b >> 14]) * wordDistance(distance))));
              res = res < 0 ? curw : f32(1.0 - (1.0 - res) * (1.0 - curw));
            }
          }
        }
      }
    }
  }
  return res;
}
