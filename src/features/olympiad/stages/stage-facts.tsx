import { useIntl } from 'react-intl';
import type { StageResource } from '../../../../shared/api/olympiad-stages';

/** A stage's rules from its data: time, attempts, essay, place. */
export function StageFacts({ stage }: { stage: StageResource }) {
  const intl = useIntl();
  const facts = [
    stage.time_limit_minutes === null
      ? intl.formatMessage({ id: 'olympiad.stage.noTimeLimit' })
      : intl.formatMessage({ id: 'olympiad.stage.timeLimit' }, { minutes: stage.time_limit_minutes }),
    stage.attempts_allowed === null
      ? intl.formatMessage({ id: 'olympiad.stage.unlimitedAttempts' })
      : intl.formatMessage({ id: 'olympiad.stage.attempts' }, { count: stage.attempts_allowed }),
  ];
  if (stage.essay_minutes !== null) {
    facts.push(intl.formatMessage({ id: 'olympiad.stage.essay' }, { minutes: stage.essay_minutes, chars: stage.essay_max_chars ?? 0 }));
  }
  facts.push(intl.formatMessage({ id: stage.in_person ? 'olympiad.stage.inPerson' : 'olympiad.stage.online' }));
  return (
    <ul className="stage-facts">
      {facts.map((fact) => (
        <li key={fact}>{fact}</li>
      ))}
    </ul>
  );
}
