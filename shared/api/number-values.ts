/**
 * The ranges whole numbers of the API must fit, as plain values (no schema
 * library), for the TypeBox contract, the shared rules and the SPA.
 */

/** PostgreSQL `integer`: serial ids, counts, positions, minutes. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/** Ids are serial integers, so anything outside 1 … 2^31−1 cannot exist (a 422, never a database error). */
export const MAX_ID = INT4_MAX;

/** Money in minor units is a `bigint` column read as a JS number: only safe integers keep their value. */
export const MINOR_UNITS_MAX = Number.MAX_SAFE_INTEGER;
