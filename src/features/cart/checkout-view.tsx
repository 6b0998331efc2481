import type { FormikProps } from 'formik';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CheckoutResult } from '../../../shared/api/orders';
import type { PaymentKind } from '../../../shared/api/order-values';
import type { DeliveryKind } from '../../../shared/orders/order-machine';
import { useSavedAddressesQuery } from '../../account/addresses-api';
import { useSavedCardsQuery } from '../../account/cards-api';
import { ApiErrorText } from '../../components/api-error-text';
import { useCartQuery } from '../../components/cart/cart-api';
import { useMoney } from '../../components/money';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { useAppDispatch, useAppSelector } from '../../session/hooks';
import { DeliveryChoice, PaymentChoice } from './checkout-choices';
import { checkoutReset, selectCheckout } from './checkout-slice';
import { isUnknownOutcome, submitCheckout } from './checkout-submit';
import { NewAddressForm } from './new-address-form';
import { cardBody, NewCardForm, type NewCardValues } from './new-card-form';

/** Where the buyer goes after placing: the bank's confirmation, the one order, or the list of them. */
export function afterCheckout(result: CheckoutResult): string {
  const pending = result.payment.pending_order_ids[0];
  if (pending) return `/order/${pending}`;
  return result.orders.length === 1 ? `/order/${result.orders[0].id}` : '/order/history';
}

/** `/cart?step=checkout`: delivery and payment for every group of the cart, then one press places the orders. */
export function CheckoutView() {
  const intl = useIntl();
  const money = useMoney();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const attempt = useAppSelector(selectCheckout);
  const { data: cart, isLoading, error } = useCartQuery();
  const { data: addresses = [] } = useSavedAddressesQuery();
  const { data: cards = [] } = useSavedCardsQuery();
  // Back from "Add an address" / "Add a card" (`?address=12`, `?card=3`): the new one is chosen.
  const [params] = useSearchParams();
  const added = { address: Number(params.get('address')), card: Number(params.get('card')) };
  const [delivery, setDelivery] = useState<DeliveryKind>(added.address ? 'courier' : 'pickup');
  const [chosenAddress, setAddressId] = useState<number | null>(null);
  const [payment, setPayment] = useState<PaymentKind>(added.card ? 'saved_card' : 'cash');
  const [chosenCard, setCardId] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const cardForm = useRef<FormikProps<NewCardValues>>(null);

  if (isLoading) return <PageLoading />;
  if (!cart) return <ApiErrorText error={error} />;

  // The default address and the first usable card are chosen until the buyer picks another.
  const addressId = chosenAddress ?? addresses.find((a) => a.id === added.address)?.id ?? addresses.find((a) => a.is_default)?.id ?? addresses[0]?.id ?? null;
  const cardId = chosenCard ?? cards.find((c) => c.id === added.card && !c.is_expired)?.id ?? cards.find((c) => !c.is_expired)?.id ?? null;
  const ready =
    cart.groups.length > 0 && !cart.has_problems && (delivery === 'pickup' || addressId !== null) && (payment !== 'saved_card' || cardId !== null);

  /** The new card's fields, once they pass the shared rules (their errors show otherwise); null to stop. */
  const newCard = async () => {
    const form = cardForm.current;
    if (!form) return null;
    // A submit marks every field as tried, so each error shows under its field.
    await form.submitForm();
    const errors = await form.validateForm();
    return Object.keys(errors).length === 0 ? cardBody(form.values) : null;
  };

  const place = async () => {
    const card = payment === 'new_card' ? await newCard() : {};
    if (!card) return;
    const result = await dispatch(
      submitCheckout({
        delivery_kind: delivery,
        address_id: delivery === 'courier' ? addressId : null,
        payment_kind: payment,
        card_id: payment === 'saved_card' ? cardId : null,
        ...card,
        comment: comment.trim() || null,
      }),
    );
    if (result) {
      dispatch(checkoutReset());
      void navigate(afterCheckout(result));
    }
  };

  const failed = attempt.error;
  return (
    <div className="cart-page">
      <PageTitle id="checkout.ui.title" />
      <p>
        <Link to="/cart">{intl.formatMessage({ id: 'checkout.ui.back' })}</Link>
      </p>
      {cart.has_problems ? (
        <p className="form-error" role="alert">
          {intl.formatMessage({ id: 'checkout.ui.cartChanged' })} <Link to="/cart">{intl.formatMessage({ id: 'checkout.ui.reviewCart' })}</Link>
        </p>
      ) : null}
      <DeliveryChoice
        kind={delivery}
        onKind={setDelivery}
        addresses={addresses}
        addressId={addressId}
        onAddress={setAddressId}
        newAddress={(close) => (
          <NewAddressForm
            onSaved={(address) => {
              setAddressId(address.id);
              close();
            }}
            onCancel={close}
          />
        )}
      />
      <PaymentChoice kind={payment} onKind={setPayment} cards={cards} cardId={cardId} onCard={setCardId} newCard={<NewCardForm formRef={cardForm} />} />
      <label className="checkout-section" style={{ display: 'block' }}>
        {intl.formatMessage({ id: 'checkout.ui.comment' })}
        <textarea value={comment} onChange={(event) => setComment(event.target.value)} maxLength={1000} rows={2} style={{ width: '100%' }} />
      </label>
      <section className="checkout-section" data-testid="checkout-summary">
        <h2 className="cart-group-title">{intl.formatMessage({ id: 'checkout.ui.orders' }, { count: cart.groups.length })}</h2>
        <ul>
          {cart.groups.map((group) => (
            <li key={group.business.id}>
              {group.business.name}: {money(delivery === 'courier' ? group.total_courier : group.total_pickup, group.currency)}
            </li>
          ))}
        </ul>
      </section>
      {failed ? (
        <div role="alert" data-testid="checkout-error">
          <ApiErrorText error={failed} />
          {isUnknownOutcome(failed) ? <p>{intl.formatMessage({ id: 'checkout.ui.retrySafe' })}</p> : null}
        </div>
      ) : null}
      <button type="button" className="button button-primary" onClick={place} disabled={!ready || attempt.submitting} data-testid="place-order">
        {intl.formatMessage({ id: attempt.submitting ? 'checkout.ui.placing' : failed && isUnknownOutcome(failed) ? 'checkout.ui.retry' : 'checkout.ui.place' })}
      </button>
    </div>
  );
}
