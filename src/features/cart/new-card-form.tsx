import { Field, Form, Formik, type FormikProps } from 'formik';
import type { Ref } from 'react';
import { useIntl } from 'react-intl';
import { cardSchema } from '../../../shared/validation/cards';
import { CardFields } from '../../account/card-fields';
import { validateWith } from '../../components/forms/validate-with';

export interface NewCardValues {
  number: string;
  expiry: string;
  cvc: string;
  holder: string;
  save: boolean;
}

export const EMPTY_CARD: NewCardValues = { number: '', expiry: '', cvc: '', holder: '', save: false };

/** The card as checkout sends it (`card`, `save_card`); the number and CVC go to the payment provider only. */
export const cardBody = (values: NewCardValues) => ({
  card: { number: values.number.trim(), expiry: values.expiry.trim(), cvc: values.cvc.trim(), holder: values.holder.trim() || null },
  save_card: values.save,
});

/**
 * A card typed in at checkout, checked by the shared rules (Luhn, expiry in
 * the future, CVC) before anything is sent. It has no button of its own: the
 * checkout's "Place the order" validates it through `formRef` and sends it
 * with the order, so the card is never stored by us unless "save" is ticked.
 */
export function NewCardForm({ formRef }: { formRef: Ref<FormikProps<NewCardValues>> }) {
  const intl = useIntl();
  return (
    <Formik innerRef={formRef} initialValues={EMPTY_CARD} validate={validateWith(cardSchema)} onSubmit={() => undefined}>
      <Form noValidate className="form checkout-new-card" data-testid="new-card-form">
        <CardFields idPrefix="card" />
        <label className="checkout-option">
          <Field type="checkbox" name="save" />
          {intl.formatMessage({ id: 'cards.field.save' })}
        </label>
      </Form>
    </Formik>
  );
}
