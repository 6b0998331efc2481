import { Type, type Static } from 'typebox';

export const StageKind = Type.Union([Type.Literal('training'), Type.Literal('first'), Type.Literal('second'), Type.Literal('final')]);

/** Where a stage stands right now: before its start, running, or over (its end passed or staff marked it ended). */
export const StageState = Type.Union([Type.Literal('upcoming'), Type.Literal('active'), Type.Literal('ended')]);
export type StageState = Static<typeof StageState>;

export const StageResource = Type.Object({
  id: Type.Integer(),
  kind: StageKind,
  position: Type.Integer(),
  starts_at: Type.String(),
  ends_at: Type.String(),
  ended: Type.Boolean(),
  state: StageState,
  /** Null: no time limit (training). */
  time_limit_minutes: Type.Union([Type.Integer(), Type.Null()]),
  /** Null: unlimited attempts (training). */
  attempts_allowed: Type.Union([Type.Integer(), Type.Null()]),
  essay_minutes: Type.Union([Type.Integer(), Type.Null()]),
  essay_max_chars: Type.Union([Type.Integer(), Type.Null()]),
  /** The final is held in person (in Moscow); the other stages online. */
  in_person: Type.Boolean(),
});
export type StageResource = Static<typeof StageResource>;

/**
 * `server_time` lets the SPA measure its clock offset, so a countdown shows
 * the server's time, not the device's; `editable` tells staff they may edit.
 */
export const StagesResponse = Type.Object({ data: Type.Array(StageResource), server_time: Type.String(), editable: Type.Boolean() });
export type StagesResponse = Static<typeof StagesResponse>;

export const StageEditBody = Type.Object({
  starts_at: Type.Optional(Type.String({ maxLength: 40 })),
  ends_at: Type.Optional(Type.String({ maxLength: 40 })),
  ended: Type.Optional(Type.Boolean()),
});
export type StageEditBody = Static<typeof StageEditBody>;
