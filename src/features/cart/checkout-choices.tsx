import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { AddressResource } from '../../../shared/api/addresses';
import type { CardResource } from '../../../shared/api/cards';
import type { PaymentKind } from '../../../shared/api/order-values';
import type { DeliveryKind } from '../../../shared/orders/order-machine';
import { addressLine } from '../../account/address-line';


export interface DeliveryChoiceProps {
  kind: DeliveryKind;
  onKind: (kind: DeliveryKind) => void;
  addresses: AddressResource[];
  addressId: number | null;
  onAddress: (id: number) => void;
  /** The form for a new address, given a way to close it. */
  newAddress: (close: () => void) => ReactNode;
}

/** Pickup (free) or a courier to one of the saved addresses, or to a new one typed here. */
export function DeliveryChoice({ kind, onKind, addresses, addressId, onAddress, newAddress }: DeliveryChoiceProps) {
  const intl = useIntl();
  const [adding, setAdding] = useState(false);
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
          {addresses.length === 0 && !adding ? <p className="cat-muted">{intl.formatMessage({ id: 'checkout.ui.noAddresses' })}</p> : null}
          {addresses.map((address) => (
            <label key={address.id} className="checkout-option">
              <input type="radio" name="address" value={address.id} checked={addressId === address.id} onChange={() => onAddress(address.id)} />
              {addressLine(address)}
            </label>
          ))}
          {adding ? (
            newAddress(() => setAdding(false))
          ) : (
            <button type="button" className="button" onClick={() => setAdding(true)} data-testid="add-address">
              {intl.formatMessage({ id: 'checkout.ui.addAddress' })}
            </button>
          )}
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
  /** The new card's fields, shown while that option is chosen. */
  newCard: ReactNode;
}

/** A saved card, a new card typed here, or cash on receipt. */
export function PaymentChoice({ kind, onKind, cards, cardId, onCard, newCard }: PaymentChoiceProps) {
  const intl = useIntl();
  return (
    <fieldset className="checkout-section" data-testid="checkout-payment">
      <legend>{intl.formatMessage({ id: 'checkout.ui.payment' })}</legend>
      <label className="checkout-option">
        <input type="radio" name="payment" value="saved_card" checked={kind === 'saved_card'} onChange={() => onKind('saved_card')} disabled={cards.length === 0} />
        {intl.formatMessage({ id: 'checkout.payment.saved_card' })}
      </label>
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
        <input type="radio" name="payment" value="new_card" checked={kind === 'new_card'} onChange={() => onKind('new_card')} />
        {intl.formatMessage({ id: 'checkout.payment.new_card' })}
      </label>
      {kind === 'new_card' ? <div className="checkout-suboptions">{newCard}</div> : null}
      <label className="checkout-option">
        <input type="radio" name="payment" value="cash" checked={kind === 'cash'} onChange={() => onKind('cash')} />
        {intl.formatMessage({ id: 'checkout.payment.cash' })}
      </label>
    </fieldset>
  );
}
