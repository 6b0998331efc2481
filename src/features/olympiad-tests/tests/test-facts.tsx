import { useIntl } from 'react-intl';
import type { TestSummary } from '../../../../shared/api/olympiad-tests';

const moscow = { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Moscow' } as const;

/** A test's rules in one line: questions, time, attempts, window. */
export function TestFacts({ test }: { test: TestSummary }) {
  const intl = useIntl();
  const facts = [
    intl.formatMessage({ id: 'olympiadTests.ui.facts.questions' }, { count: test.question_count }),
    test.time_limit_minutes === null
      ? intl.formatMessage({ id: 'olympiadTests.ui.facts.untimed' })
      : intl.formatMessage({ id: 'olympiadTests.ui.facts.minutes' }, { count: test.time_limit_minutes }),
    test.attempts_allowed === null
      ? intl.formatMessage({ id: 'olympiadTests.ui.facts.unlimited' })
      : intl.formatMessage({ id: 'olympiadTests.ui.facts.attempts' }, { count: test.attempts_allowed }),
  ];
  if (test.opens_at && test.closes_at) {
    facts.push(
      intl.formatMessage({ id: 'olympiadTests.ui.facts.window' }, { start: intl.formatDate(test.opens_at, moscow), end: intl.formatDate(test.closes_at, moscow) }),
    );
  }
  return (
    <ul className="stage-facts">
      {facts.map((fact) => (
        <li key={fact}>{fact}</li>
      ))}
    </ul>
  );
}

/** Where I stand with a test: attempts used and left, or why I may not start. */
export function MyTestLine({ test }: { test: TestSummary }) {
  const intl = useIntl();
  const my = test.my;
  if (!my) return null;
  return (
    <p className="muted" data-testid="my-test-state">
      {my.attempts_left === null
        ? intl.formatMessage({ id: 'olympiadTests.ui.my.used' }, { used: my.attempts_used })
        : intl.formatMessage({ id: 'olympiadTests.ui.my.left' }, { used: my.attempts_used, left: my.attempts_left })}
      {!my.can_start && my.reason && !my.in_progress_attempt_id ? ` · ${my.reason}` : ''}
    </p>
  );
}
