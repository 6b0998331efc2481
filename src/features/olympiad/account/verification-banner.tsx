import { useIntl } from 'react-intl';
import { useAppSelector } from '../../../session/hooks';
import type { ParticipantResource } from '../../../../shared/api/olympiad';
import { ApiErrorText } from '../../../components/api-error-text';
import { useResendVerificationMutation } from '../olympiad-api';
import { selectResendIn } from '../../../olympiad/olympiad-slice';

/** Until the address is confirmed: what to do, and "send again" once the 30 seconds are over (the saga counts). */
export function VerificationBanner({ participant }: { participant: ParticipantResource }) {
  const intl = useIntl();
  const resendIn = useAppSelector(selectResendIn);
  const [resend, { isLoading, error, isSuccess }] = useResendVerificationMutation();
  if (participant.email_status === 'verified') return null;
  const waiting = resendIn > 0;
  return (
    <div className="notice notice-warning verification-banner" role="region" aria-label={intl.formatMessage({ id: 'olympiad.banner.label' })} data-testid="verification-banner">
      <p>
        {intl.formatMessage(
          { id: participant.email_status === 'letter_sent' ? 'olympiad.banner.sent' : 'olympiad.banner.notSent' },
          { email: participant.email },
        )}
      </p>
      {participant.confirmed_email && participant.confirmed_email !== participant.email ? (
        <p data-testid="confirmed-email">{intl.formatMessage({ id: 'olympiad.account.confirmedEmail' }, { email: participant.confirmed_email })}</p>
      ) : null}
      <button type="button" className="button" disabled={waiting || isLoading} onClick={() => resend()} data-testid="resend-letter">
        {waiting
          ? intl.formatMessage({ id: 'olympiad.banner.resendIn' }, { seconds: resendIn })
          : intl.formatMessage({ id: 'olympiad.banner.resend' })}
      </button>
      {isSuccess && waiting ? (
        <span className="form-success" role="status">
          {intl.formatMessage({ id: 'olympiad.banner.resent' })}
        </span>
      ) : null}
      {error && !waiting ? <ApiErrorText error={error} /> : null}
    </div>
  );
}
