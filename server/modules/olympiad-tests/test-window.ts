import type { TestAvailability } from '../../../shared/api/olympiad-test-common';
import { GRACE_SECONDS, type TestFormat } from '../../../shared/validation/olympiad-tests';
import type { OlympiadAttempt, OlympiadStage, OlympiadTest } from '../../db/schema';

export interface TestWindow {
  opensAt: Date | null;
  closesAt: Date | null;
}

const later = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a > b ? a : b);
const earlier = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a < b ? a : b);

/**
 * When a test may be started: its own dates inside its stage's (a stage
 * staff marked ended is closed from that moment). Training is open at any
 * time, within the test's own dates if staff set any.
 */
export function testWindow(test: Pick<OlympiadTest, 'opensAt' | 'closesAt'>, stage: OlympiadStage): TestWindow {
  if (stage.kind === 'training') return { opensAt: test.opensAt, closesAt: test.closesAt };
  return {
    opensAt: later(stage.startsAt, test.opensAt),
    closesAt: earlier(earlier(stage.endsAt, stage.endedAt), test.closesAt),
  };
}

export function availabilityAt(window: TestWindow, now: Date): TestAvailability {
  if (window.opensAt && now < window.opensAt) return 'upcoming';
  if (window.closesAt && now >= window.closesAt) return 'closed';
  return 'open';
}

/**
 * SPEC §9 as defaults for a new test: training untimed and unlimited; first
 * 25 minutes, one attempt; second 30 minutes (its essay 45), one attempt.
 */
export function stageDefaults(stage: OlympiadStage, format: TestFormat): { attemptsAllowed: number | null; timeLimitMinutes: number | null } {
  if (stage.kind === 'training') return { attemptsAllowed: null, timeLimitMinutes: null };
  const minutes = format === 'essay' ? (stage.essayMinutes ?? stage.timeLimitMinutes) : stage.timeLimitMinutes;
  return { attemptsAllowed: stage.attemptsAllowed ?? 1, timeLimitMinutes: minutes };
}

/**
 * The deadline of an attempt started now: the limit, but never past the
 * moment the test closes (a late start gets the time that is left). An
 * untimed test with a closing date ends when it closes: right answers are
 * shown once the window has closed, so nobody may still be answering then.
 */
export function deadlineFor(startedAt: Date, limitMinutes: number | null, window: TestWindow): Date | null {
  if (!limitMinutes) return window.closesAt;
  const byLimit = new Date(startedAt.getTime() + limitMinutes * 60_000);
  return window.closesAt && window.closesAt < byLimit ? window.closesAt : byLimit;
}

/**
 * Past its deadline and the grace: answers are refused and the server
 * finishes it (at the deadline, see `endingOf`). The exact complement of the
 * save's condition (deadline > now − grace), so an answer refused at the
 * boundary is always reported as too late. Inside the grace the attempt still
 * takes answers; whoever ends it then ends it at the deadline too.
 */
export const isExpired = (attempt: Pick<OlympiadAttempt, 'deadline' | 'finishedAt'>, now: Date) =>
  !attempt.finishedAt && !!attempt.deadline && now.getTime() >= attempt.deadline.getTime() + GRACE_SECONDS * 1000;
