import { Type, type Static } from 'typebox';
import { Nullable, PagedList, StringEnum } from './catalog-common';
import { Id } from './numbers';
import { StageKind } from './olympiad-stages';
import { AttemptFields } from './olympiad-test-attempts';

/** Staff over participants' attempts: the list of a test's attempts, and grading essays. */

export const ParticipantRef = Type.Object({ id: Type.Integer(), login: Type.String(), full_name: Type.String() });
export type ParticipantRef = Static<typeof ParticipantRef>;

export const StaffAttempt = Type.Object({ ...AttemptFields, participant: ParticipantRef });
export type StaffAttempt = Static<typeof StaffAttempt>;
export const StaffAttemptsQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
});
export const StaffAttemptsResponse = PagedList(StaffAttempt);
export type StaffAttemptsResponse = Static<typeof StaffAttemptsResponse>;

/** `graded`: graded by staff; `not_submitted`: left empty (scored 0, no grade needed); `all`: every one. */
export const EssayStatusFilter = StringEnum(['awaiting', 'graded', 'not_submitted', 'all'] as const);
export const EssaysQuery = Type.Object({
  status: Type.Optional(EssayStatusFilter),
  test_id: Type.Optional(Id()),
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
export type EssaysQuery = Static<typeof EssaysQuery>;

/** An essay answer of a finished attempt, for grading. */
export const EssaySubmission = Type.Object({
  attempt_id: Type.Integer(),
  question_id: Type.Integer(),
  test_id: Type.Integer(),
  test_title: Type.String(),
  stage_kind: StageKind,
  participant: ParticipantRef,
  question_text: Type.String(),
  /** The essay; empty when the participant wrote nothing. */
  text: Type.String(),
  /** False: the participant wrote nothing; it is scored 0 and cannot be graded. */
  submitted: Type.Boolean(),
  submitted_at: Type.String(),
  points: Nullable(Type.Number()),
  max_points: Type.Number(),
  comment: Nullable(Type.String()),
  graded_at: Nullable(Type.String()),
  graded_by: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type EssaySubmission = Static<typeof EssaySubmission>;
export const EssaysResponse = PagedList(EssaySubmission);
export type EssaysResponse = Static<typeof EssaysResponse>;

export const GradeBody = Type.Object({ points: Type.Number({ minimum: -1e9, maximum: 1e9 }), comment: Type.Optional(Type.String({ maxLength: 10_000 })) });
export type GradeBody = Static<typeof GradeBody>;
