import type { SavedAnswer } from '../../../shared/api/olympiad-test-answers';
import type { ConflictCode } from '../../../shared/api/olympiad-test-common';
import type { MessageValues } from '../../../shared/i18n/translate';

/**
 * A 409 of the tests API: besides the translated message it tells the SPA
 * why (`code`) and, on a version conflict, what is stored, so a stale tab
 * can take the newer answer instead of overwriting it.
 */
export class TestConflict extends Error {
  constructor(
    readonly code: ConflictCode,
    readonly messageKey: string,
    readonly values?: MessageValues,
    readonly stored?: SavedAnswer,
  ) {
    super(messageKey);
    this.name = 'TestConflict';
  }
}

export const attemptClosed = () => new TestConflict('attempt_closed', 'olympiadTests.errors.attemptClosed');
