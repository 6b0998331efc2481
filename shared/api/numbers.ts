import { Type } from 'typebox';
import { INT4_MAX, INT4_MIN, MAX_ID, MINOR_UNITS_MAX } from './number-values';

/**
 * Whole numbers the API reads. Every integer of a request schema is bounded
 * by the column it ends in (test/server/fuzz/input-rules.test.ts checks that
 * none is left unbounded), so an out-of-range value is a 422 at the edge.
 */
type IntegerOptions = NonNullable<Parameters<typeof Type.Integer>[0]>;

/** A row id: 1 … 2^31−1. */
export const Id = (options: IntegerOptions = {}) => Type.Integer({ minimum: 1, maximum: MAX_ID, ...options });

/** Anything stored in an `integer` column; narrow it with `minimum`/`maximum` where the rule is tighter. */
export const Int4 = (options: IntegerOptions = {}) => Type.Integer({ minimum: INT4_MIN, maximum: INT4_MAX, ...options });

/** Money in minor units (`bigint` columns); the shared rules set the real price limits and their messages. */
export const MinorUnits = (options: IntegerOptions = {}) => Type.Integer({ minimum: -MINOR_UNITS_MAX, maximum: MINOR_UNITS_MAX, ...options });
