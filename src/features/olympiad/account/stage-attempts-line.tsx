import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useOlympiadStatisticsQuery } from '../../../olympiad/statistics-api';

/** Under a stage in the account: how many attempts I made and the best one, and the way to the tests. */
export function StageAttemptsLine({ stageId, inPerson }: { stageId: number; inPerson: boolean }) {
  const intl = useIntl();
  const { data } = useOlympiadStatisticsQuery();
  const stage = data?.data.find((s) => s.stage_id === stageId);
  const finished = (stage?.attempts ?? []).filter((a) => a.result);
  const best = finished.reduce<number | null>((top, a) => Math.max(top ?? 0, a.result!.percent), null);
  return (
    <p className="muted" data-testid={`stage-attempts-${stageId}`}>
      {stage && stage.attempts.length
        ? intl.formatMessage(
            { id: best === null ? 'olympiadTests.ui.my.attempts' : 'olympiadTests.ui.my.attemptsBest' },
            { count: stage.attempts.length, best: intl.formatNumber((best ?? 0) / 100, { style: 'percent', maximumFractionDigits: 2 }) },
          )
        : intl.formatMessage({ id: 'olympiad.my.noAttempts' })}
      {inPerson ? null : (
        <>
          {' · '}
          <Link to="/olympiad/tests">{intl.formatMessage({ id: 'olympiadTests.ui.my.toTests' })}</Link>
        </>
      )}
    </p>
  );
}
