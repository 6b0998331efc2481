import { useIntl } from 'react-intl';
import { ApiErrorText } from '../../components/api-error-text';
import { useAcceptCartChangesMutation } from './cart-write-api';

/**
 * Shown above the cart while any line changed since it was added: checkout is
 * refused until the buyer has seen the changes and taken them (or edited the lines).
 */
export function CartChanges() {
  const intl = useIntl();
  const [accept, accepting] = useAcceptCartChangesMutation();
  return (
    <div className="cart-changes" role="alert" data-testid="cart-changes">
      <p>{intl.formatMessage({ id: 'cart.ui.changed' })}</p>
      <button type="button" className="button button-primary" onClick={() => accept()} disabled={accepting.isLoading} data-testid="accept-changes">
        {intl.formatMessage({ id: 'cart.ui.acceptChanges' })}
      </button>
      <ApiErrorText error={accepting.error} />
    </div>
  );
}
