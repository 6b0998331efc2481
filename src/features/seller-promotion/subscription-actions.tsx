import { useIntl } from 'react-intl';
import { sellerMovesFrom, type SubscriptionStatus } from '../../../shared/promotion/subscription-machine';
import { ApiErrorText } from '../../components/api-error-text';
import { useArchiveSubscriptionMutation, useToggleSubscriptionPauseMutation } from './promotion-api';

/** The button of each move the shared machine allows the seller from `status` (toggle-pause does both pause and resume). */
const LABELS: Partial<Record<SubscriptionStatus, string>> = {
  paused: 'promotion.ui.pause',
  active: 'promotion.ui.resume',
  archived: 'promotion.ui.archive',
};

export function SubscriptionActions({ id, status }: { id: number; status: SubscriptionStatus }) {
  const intl = useIntl();
  const [toggle, toggling] = useToggleSubscriptionPauseMutation();
  const [archive, archiving] = useArchiveSubscriptionMutation();
  const moves = sellerMovesFrom(status);
  if (!moves.length) return null;
  const busy = toggling.isLoading || archiving.isLoading;
  return (
    <div className="promo-actions">
      {moves.map((to) => (
        <button
          key={to}
          type="button"
          className={to === 'archived' ? 'button' : 'button button-primary'}
          disabled={busy}
          data-testid={`promotion-${to === 'archived' ? 'archive' : to === 'paused' ? 'pause' : 'resume'}`}
          onClick={() => void (to === 'archived' ? archive(id) : toggle(id))}
        >
          {intl.formatMessage({ id: LABELS[to] })}
        </button>
      ))}
      <ApiErrorText error={toggling.error ?? archiving.error} />
    </div>
  );
}
