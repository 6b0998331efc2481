import { useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { selectIsSignedIn } from '../../auth/auth-slice';
import { useToggleSubscriptionMutation } from '../catalog-api';

export function SubscribeButton({ id, active }: { id: number; active: boolean }) {
  const intl = useIntl();
  const signedIn = useSelector(selectIsSignedIn);
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
