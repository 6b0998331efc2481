import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useAppSelector, useAppDispatch } from '../../../session/hooks';
import type { StageResource } from '../../../../shared/api/olympiad-stages';
import { countdownStarted, countdownStopped, selectCountdown } from '../../../olympiad/olympiad-slice';

const UNITS = [
  ['days', 86_400_000],
  ['hours', 3_600_000],
  ['minutes', 60_000],
  ['seconds', 1000],
] as const;

/** 4 days 03:02:01 as separate numbers; the saga keeps `now` ticking, this only draws it. */
export function splitDuration(ms: number): Record<(typeof UNITS)[number][0], number> {
  let rest = Math.max(0, Math.ceil(ms / 1000) * 1000);
  const parts = {} as Record<(typeof UNITS)[number][0], number>;
  for (const [unit, size] of UNITS) {
    parts[unit] = Math.floor(rest / size);
    rest -= parts[unit] * size;
  }
  return parts;
}

/** SPEC §4: time to the end of the running stage or to the start of the next one. */
export function StageCountdown({ stages }: { stages: StageResource[] }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { now, target } = useAppSelector(selectCountdown);

  useEffect(() => {
    dispatch(countdownStarted(stages));
    return () => {
      dispatch(countdownStopped());
    };
  }, [dispatch, stages]);

  if (now === null) return <div className="countdown skeleton" aria-hidden="true" />;
  if (!target) {
    return (
      <p className="countdown countdown-over" data-testid="countdown">
        {intl.formatMessage({ id: 'olympiad.countdown.over' })}
      </p>
    );
  }
  const parts = splitDuration(target.at - now);
  const stage = intl.formatMessage({ id: `olympiad.stage.${target.kind}.genitive` });
  const caption = intl.formatMessage({ id: target.event === 'end' ? 'olympiad.countdown.toEnd' : 'olympiad.countdown.toStart' }, { stage });
  const spoken = UNITS.map(([unit]) => intl.formatMessage({ id: `olympiad.countdown.${unit}` }, { count: parts[unit] })).join(' ');
  return (
    <section className="countdown" data-testid="countdown" aria-label={caption}>
      <p className="countdown-caption">{caption}</p>
      <div className="countdown-clock" role="timer" aria-label={`${caption}: ${spoken}`}>
        {UNITS.map(([unit]) => (
          <span key={unit} className="countdown-part" aria-hidden="true">
            <span className="countdown-number" data-testid={`countdown-${unit}`}>
              {unit === 'days' ? parts[unit] : String(parts[unit]).padStart(2, '0')}
            </span>
            <span className="countdown-unit">{intl.formatMessage({ id: `olympiad.countdown.${unit}.short` })}</span>
          </span>
        ))}
      </div>
      <p className="muted">
        {intl.formatMessage(
          { id: target.event === 'end' ? 'olympiad.countdown.endsAt' : 'olympiad.countdown.startsAt' },
          { date: intl.formatDate(target.at, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Moscow' }) },
        )}
      </p>
    </section>
  );
}
