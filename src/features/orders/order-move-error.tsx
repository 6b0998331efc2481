import { useIntl } from 'react-intl';
import { apiErrorBody } from '../../services/api';

/**
 * A refused move. The server words its refusal in the reader's language (an
 * illegal move is a 409 "An order that is … cannot become …"); without a body
 * a 409 still gets a sentence of ours, never a bare code.
 */
export function OrderMoveError({ error }: { error: unknown }) {
  const intl = useIntl();
  if (!error) return null;
  const status = (error as { status?: unknown }).status;
  const message =
    apiErrorBody(error)?.message ?? intl.formatMessage({ id: status === 409 ? 'orders.ui.conflict' : 'common.networkError' });
  return (
    <p className="form-error" role="alert" data-testid="order-move-error">
      {message}
    </p>
  );
}
