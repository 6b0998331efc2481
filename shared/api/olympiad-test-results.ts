import { Type, type Static } from 'typebox';
import { Nullable, PagedList } from './catalog-common';
import { StageKind } from './olympiad-stages';
import { AttemptSummary } from './olympiad-test-attempts';
import { ParticipantRef } from './olympiad-test-grading';

/** Results: the participant's statistics per stage, and the final's results that staff enter. */

/** A final-stage result entered by staff. */
export const FinalResult = Type.Object({
  points: Type.Number(),
  place: Nullable(Type.Integer()),
  comment: Type.String(),
  updated_at: Type.String(),
});
export type FinalResult = Static<typeof FinalResult>;

/** The personal account's statistics: every stage with every attempt, and the final's result. */
export const StageStatistics = Type.Object({
  stage_id: Type.Integer(),
  kind: StageKind,
  attempts: Type.Array(AttemptSummary),
  final_result: Nullable(FinalResult),
});
export type StageStatistics = Static<typeof StageStatistics>;
export const StatisticsResponse = Type.Object({ data: Type.Array(StageStatistics), server_time: Type.String() });
export type StatisticsResponse = Static<typeof StatisticsResponse>;

export const FinalResultBody = Type.Object({
  points: Type.Number({ minimum: -1e9, maximum: 1e9 }),
  place: Type.Optional(Nullable(Type.Integer({ minimum: -1e9, maximum: 1e9 }))),
  comment: Type.Optional(Type.String({ maxLength: 10_000 })),
});
export type FinalResultBody = Static<typeof FinalResultBody>;

/** A participant in the final's results table, with the result when entered. */
export const FinalResultRow = Type.Object({ participant: ParticipantRef, result: Nullable(FinalResult) });
export type FinalResultRow = Static<typeof FinalResultRow>;
export const FinalResultsQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
});
export type FinalResultsQuery = Static<typeof FinalResultsQuery>;
export const FinalResultsResponse = PagedList(FinalResultRow);
export type FinalResultsResponse = Static<typeof FinalResultsResponse>;
