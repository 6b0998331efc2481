import { useIntl } from 'react-intl';
import { useAppSelector } from '../../../session/hooks';
import { useNavigate } from 'react-router';
import { selectIsSignedIn } from '../../../session/session-slice';
import { useToggleSubscriptionMutation } from '../catalog-api';

export function SubscribeButton({ id, active }: { id: number; active: boolean }) {
  const intl = useIntl();
  const signedIn = useAppSelector(selectIsSignedIn);
  const navigate = useNavigate();
  const [toggle] = useToggleSubscriptionMutation();
  return (
    <button
      type="button"
      className={`button${active ? '' : ' button-primary'}`}
      aria-pressed={active}
      data-testid="subscribe"
      onClick={() => {
        if (!signedIn) navigate(`/auth?next=${encodeURIComponent(window.location.pathname)}`);
        else void toggle({ id, subscribed: !active });
      }}
    >
      {intl.formatMessage({ id: active ? 'catalog.ui.subscribe.off' : 'catalog.ui.subscribe.on' })}
    </button>
  );
}
