import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import type { AddressResource } from '../../../shared/api/addresses';
import type { CardResource } from '../../../shared/api/cards';
import type { PaymentKind } from '../../../shared/api/order-values';
import type { DeliveryKind } from '../../../shared/orders/order-machine';
import { addressLine } from '../../account/address-line';
import { formLinkFrom } from '../../account/return-path';

/** The checkout as it is now, for a form that comes back to it with the new address or card chosen. */
function useHere() {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

export interface DeliveryChoiceProps {
  kind: DeliveryKind;
  onKind: (kind: DeliveryKind) => void;
  addresses: AddressResource[];
  addressId: number | null;
  onAddress: (id: number) => void;
}

/** Pickup (free) or a courier to one of the saved addresses; a new address is added by its settings form, which comes back. */
export function DeliveryChoice({ kind, onKind, addresses, addressId, onAddress }: DeliveryChoiceProps) {
  const intl = useIntl();
  const here = useHere();
  return (
    <fieldset className="checkout-section" data-testid="checkout-delivery">
      <legend>{intl.formatMessage({ id: 'checkout.ui.delivery' })}</legend>
      {(['pickup', 'courier'] as const).map((option) => (
        <label key={option} className="checkout-option">
          <input type="radio" name="delivery" value={option} checked={kind === option} onChange={() => onKind(option)} />
          {intl.formatMessage({ id: `checkout.delivery.${option}` })}
        </label>
      ))}
      {kind === 'courier' ? (
        <div className="checkout-suboptions" role="radiogroup" aria-label={intl.formatMessage({ id: 'checkout.ui.address' })}>
          {addresses.length === 0 ? <p className="cat-muted">{intl.formatMessage({ id: 'checkout.ui.noAddresses' })}</p> : null}
          {addresses.map((address) => (
            <label key={address.id} className="checkout-option">
              <input type="radio" name="address" value={address.id} checked={addressId === address.id} onChange={() => onAddress(address.id)} />
              {addressLine(address)}
            </label>
          ))}
          <Link to={formLinkFrom('/settings/address/add', here)} data-testid="checkout-add-address">
            {intl.formatMessage({ id: 'checkout.ui.addAddress' })}
          </Link>
        </div>
      ) : null}
    </fieldset>
  );
}

export interface PaymentChoiceProps {
  kind: PaymentKind;
  onKind: (kind: PaymentKind) => void;
  cards: CardResource[];
  cardId: number | null;
  onCard: (id: number) => void;
}

/** A saved card, a new card (its form comes with the shared forms plumbing), or cash on receipt. */
export function PaymentChoice({ kind, onKind, cards, cardId, onCard }: PaymentChoiceProps) {
  const intl = useIntl();
  const here = useHere();
  return (
    <fieldset className="checkout-section" data-testid="checkout-payment">
      <legend>{intl.formatMessage({ id: 'checkout.ui.payment' })}</legend>
      <label className="checkout-option">
        <input type="radio" name="payment" value="saved_card" checked={kind === 'saved_card'} onChange={() => onKind('saved_card')} disabled={cards.length === 0} />
        {intl.formatMessage({ id: 'checkout.payment.saved_card' })}
      </label>
      <p className="checkout-suboptions">
        <Link to={formLinkFrom('/settings/cards/add', here)} data-testid="checkout-add-card">
          {intl.formatMessage({ id: 'checkout.ui.addCard' })}
        </Link>
      </p>
      {kind === 'saved_card' ? (
        <div className="checkout-suboptions" role="radiogroup" aria-label={intl.formatMessage({ id: 'checkout.ui.card' })}>
          {cards.map((card) => (
            <label key={card.id} className="checkout-option">
              <input type="radio" name="card" value={card.id} checked={cardId === card.id} onChange={() => onCard(card.id)} disabled={card.is_expired} />
              {intl.formatMessage(
                { id: card.is_expired ? 'checkout.ui.cardExpired' : 'checkout.ui.cardLine' },
                { brand: card.brand.toUpperCase(), last4: card.last4, month: String(card.exp_month).padStart(2, '0'), year: String(card.exp_year % 100).padStart(2, '0') },
              )}
            </label>
          ))}
        </div>
      ) : null}
      <label className="checkout-option">
        <input type="radio" name="payment" value="new_card" checked={kind === 'new_card'} onChange={() => onKind('new_card')} disabled />
        {intl.formatMessage({ id: 'checkout.payment.new_card' })}
        <span className="cat-muted"> — {intl.formatMessage({ id: 'checkout.ui.newCardSoon' })}</span>
      </label>
      <label className="checkout-option">
        <input type="radio" name="payment" value="cash" checked={kind === 'cash'} onChange={() => onKind('cash')} />
        {intl.formatMessage({ id: 'checkout.payment.cash' })}
      </label>
    </fieldset>
  );
}
