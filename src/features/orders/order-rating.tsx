import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { OrderResource } from '../../../shared/api/orders';
import { RATING_COMMENT_MAX, RATING_MAX, RATING_MIN } from '../../../shared/api/order-values';
import { RATEABLE_STATUSES } from '../../../shared/orders/order-machine';
import { useRateOrderMutation } from './orders-api';
import { OrderMoveError } from './order-move-error';

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/** The buyer's stars and comment: once, after delivery; then the rating given is shown instead. */
export function OrderRating({ order }: { order: OrderResource }) {
  const intl = useIntl();
  const [rate, rating] = useRateOrderMutation();
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  if (order.rating) {
    return (
      <p data-testid="order-rated">
        {intl.formatMessage({ id: 'orders.ui.rated' }, { stars: order.rating.stars })}
        {order.rating.comment ? ` — ${order.rating.comment}` : ''}
      </p>
    );
  }
  if (order.viewer !== 'buyer' || !RATEABLE_STATUSES.includes(order.status)) return null;
  return (
    <form
      className="order-rating"
      data-testid="order-rating"
      onSubmit={async (event) => {
        event.preventDefault();
        if (stars >= RATING_MIN) await rate({ id: order.id, stars, comment: comment.trim() || null });
      }}
    >
      <fieldset>
        <legend>{intl.formatMessage({ id: 'orders.ui.rate' })}</legend>
        {STARS.map((value) => (
          <label key={value} className="order-star">
            <input type="radio" name="stars" value={value} checked={stars === value} onChange={() => setStars(value)} />
            <span aria-hidden="true">{'★'.repeat(value)}</span>
            <span className="visually-hidden">{intl.formatMessage({ id: 'orders.ui.stars' }, { stars: value })}</span>
          </label>
        ))}
      </fieldset>
      <label>
        {intl.formatMessage({ id: 'orders.ui.rateComment' })}
        <textarea value={comment} onChange={(event) => setComment(event.target.value)} maxLength={RATING_COMMENT_MAX} rows={3} />
      </label>
      <button type="submit" className="button button-primary" disabled={stars < RATING_MIN || rating.isLoading} data-testid="rate-submit">
        {intl.formatMessage({ id: 'orders.ui.rateSubmit' })}
      </button>
      <OrderMoveError error={rating.error} />
    </form>
  );
}
