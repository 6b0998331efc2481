import { Suspense, useState } from 'react';
import { lazyNamed } from '../../../components/lazy-named';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../../session/hooks';
import type { StageResource } from '../../../../shared/api/olympiad-stages';
import { stageStateAt } from '../../../../shared/validation/olympiad-stage-clock';
import { selectCountdown } from '../../../olympiad/olympiad-slice';
import { PageLoading } from '../../../components/page-loading';
import { StageFacts } from './stage-facts';

// Staff only: its form and the validation library stay out of the olympiad pages every visitor loads first.
const StageEditor = lazyNamed(() => import(/* webpackChunkName: "olympiad-stage-editor" */ './stage-editor'), 'StageEditor');

const moscow = { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Moscow' } as const;

/** The four stages with dates (Moscow time), rules and state; the state follows the ticking server clock. */
export function StageList({ stages, editable = false }: { stages: StageResource[]; editable?: boolean }) {
  const intl = useIntl();
  const { now } = useAppSelector(selectCountdown);
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <ol className="stage-list" data-testid="stage-list">
      {stages.map((stage) => {
        const state = now === null ? stage.state : stageStateAt(stage, now);
        return (
          <li key={stage.id} className={`stage stage-${state}`} data-testid={`stage-${stage.kind}`}>
            <div className="stage-head">
              <h3>{intl.formatMessage({ id: `olympiad.stage.${stage.kind}` })}</h3>
              <span className={`stage-state stage-state-${state}`}>{intl.formatMessage({ id: `olympiad.stage.state.${state}` })}</span>
            </div>
            <p className="stage-dates">
              {intl.formatMessage(
                { id: 'olympiad.stage.dates' },
                { start: intl.formatDate(stage.starts_at, moscow), end: intl.formatDate(stage.ends_at, moscow) },
              )}
            </p>
            <StageFacts stage={stage} />
            {editable && editing !== stage.id ? (
              <button type="button" className="link-button" onClick={() => setEditing(stage.id)}>
                {intl.formatMessage({ id: 'olympiad.stages.editor.edit' })}
              </button>
            ) : null}
            {editing === stage.id ? (
              <Suspense fallback={<PageLoading />}>
                <StageEditor stage={stage} onDone={() => setEditing(null)} />
              </Suspense>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
