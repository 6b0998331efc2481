import { useIntl } from 'react-intl';
import { useAppSelector } from '../../../session/hooks';
import type { ParticipantResource } from '../../../../shared/api/olympiad';
import type { StageResource } from '../../../../shared/api/olympiad-stages';
import { stageStateAt } from '../../../../shared/validation/olympiad-stage-clock';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';

import { selectCountdown } from '../../../olympiad/olympiad-slice';
import { StageCountdown } from '../stages/stage-countdown';
import { StageFacts } from '../stages/stage-facts';
import { AccountLayout } from './account-layout';
import { StageAttemptsLine } from './stage-attempts-line';
import { useStagesQuery } from '../../../olympiad/stages-api';

const moscow = { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Moscow' } as const;

/** What a stage means for me now: taking part needs a verified address; a stage is open, coming or over. */
function MyStage({ stage, participant, now }: { stage: StageResource; participant: ParticipantResource; now: number | null }) {
  const intl = useIntl();
  const state = now === null ? stage.state : stageStateAt(stage, now);
  const verified = participant.email_status === 'verified';
  const mine =
    state === 'ended'
      ? intl.formatMessage({ id: 'olympiad.my.ended' })
      : !verified
        ? intl.formatMessage({ id: 'olympiad.my.verifyFirst' })
        : state === 'active'
          ? intl.formatMessage({ id: stage.in_person ? 'olympiad.my.inPerson' : 'olympiad.my.open' })
          : intl.formatMessage({ id: 'olympiad.my.startsAt' }, { date: intl.formatDate(stage.starts_at, moscow) });
  return (
    <li className={`stage stage-${state}`} data-testid={`my-stage-${stage.kind}`}>
      <div className="stage-head">
        <h3>{intl.formatMessage({ id: `olympiad.stage.${stage.kind}` })}</h3>
        <span className={`stage-state stage-state-${state}`}>{intl.formatMessage({ id: `olympiad.stage.state.${state}` })}</span>
      </div>
      <p>{mine}</p>
      <StageAttemptsLine stageId={stage.id} inPerson={stage.in_person} />
      <StageFacts stage={stage} />
    </li>
  );
}

export default function AccountOlympiadPage() {
  const intl = useIntl();
  const { data, error, isLoading } = useStagesQuery();
  const { now } = useAppSelector(selectCountdown);
  return (
    <AccountLayout titleId="olympiad.account.olympiad">
      {(participant) =>
        isLoading ? (
          <PageLoading />
        ) : !data ? (
          <ApiErrorText error={error} />
        ) : (
          <>
            <StageCountdown stages={data.data} />
            <h2>{intl.formatMessage({ id: 'olympiad.my.stages' })}</h2>
            <ol className="stage-list">
              {data.data.map((stage) => (
                <MyStage key={stage.id} stage={stage} participant={participant} now={now} />
              ))}
            </ol>
            <h2>{intl.formatMessage({ id: 'olympiad.my.contests' })}</h2>
            <p className="empty-state">{intl.formatMessage({ id: 'olympiad.my.noContests' })}</p>
          </>
        )
      }
    </AccountLayout>
  );
}
