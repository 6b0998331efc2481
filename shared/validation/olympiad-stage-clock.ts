import type { StageKind } from './olympiad-options';

/** What the stage clock needs of a stage (the API's stage resource has all of it). */
export interface StageTimes {
  id: number;
  kind: StageKind;
  position: number;
  starts_at: string;
  ends_at: string;
  ended: boolean;
}

export type StageState = 'upcoming' | 'active' | 'ended';

/** A stage marked ended by staff is over, whatever its end date says. */
export function stageStateAt(stage: Omit<StageTimes, 'id' | 'kind' | 'position'>, nowMs: number): StageState {
  if (stage.ended || nowMs >= Date.parse(stage.ends_at)) return 'ended';
  return nowMs >= Date.parse(stage.starts_at) ? 'active' : 'upcoming';
}

export interface CountdownTarget {
  stageId: number;
  kind: StageKind;
  /** Counting to the end of the running stage, or to the start of the next one. */
  event: 'end' | 'start';
  at: number;
}

/**
 * SPEC §4: the countdown shows the time to the end of the current stage or
 * to the start of the next one (first, second, final). Training is open
 * throughout and never the target.
 */
export function countdownTarget(stages: StageTimes[], nowMs: number): CountdownTarget | null {
  const timed = stages.filter((stage) => stage.kind !== 'training').sort((a, b) => a.position - b.position);
  const running = timed.find((stage) => stageStateAt(stage, nowMs) === 'active');
  if (running) return { stageId: running.id, kind: running.kind, event: 'end', at: Date.parse(running.ends_at) };
  const next = timed.find((stage) => stageStateAt(stage, nowMs) === 'upcoming');
  return next ? { stageId: next.id, kind: next.kind, event: 'start', at: Date.parse(next.starts_at) } : null;
}
