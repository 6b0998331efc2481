import type { NewCardBody } from '../../../shared/api/cards';

/** The card form's fields, as typed: the number keeps its spaces, the expiry is `MM/YY`. */
export interface CardValues {
  number: string;
  expiry: string;
  cvc: string;
  holder: string;
}

export const emptyCard: CardValues = { number: '', expiry: '', cvc: '', holder: '' };

/** The fields that must not outlive a submit, whatever its outcome. */
export const SECRET_FIELDS = ['number', 'cvc'] as const;

export const cardBody = (values: CardValues): NewCardBody => ({
  number: values.number,
  expiry: values.expiry.trim(),
  cvc: values.cvc.trim(),
  holder: values.holder.trim() || null,
});

/** The same values with the number and CVC gone. */
export const withoutSecrets = (values: CardValues): CardValues => ({ ...values, number: '', cvc: '' });
