import { useIntl } from 'react-intl';
import { FormField } from '../components/forms/form-field';

/**
 * A card's fields, the same in the settings form and at checkout: the browser's card autofill
 * names, a numeric keyboard on phones, the CVC hidden as typed.
 */
export function CardFields({ idPrefix }: { idPrefix?: string }) {
  const intl = useIntl();
  return (
    <>
      <FormField name="number" idPrefix={idPrefix} labelId="cards.field.number" autoComplete="cc-number" inputMode="numeric" placeholder="0000 0000 0000 0000" maxLength={23} />
      <FormField name="expiry" idPrefix={idPrefix} labelId="cards.field.expiry" autoComplete="cc-exp" inputMode="numeric" placeholder={intl.formatMessage({ id: 'cards.field.expiryPlaceholder' })} maxLength={7} />
      <FormField name="cvc" idPrefix={idPrefix} labelId="cards.field.cvc" type="password" autoComplete="cc-csc" inputMode="numeric" maxLength={4} />
      <FormField name="holder" idPrefix={idPrefix} labelId="cards.field.holder" autoComplete="cc-name" maxLength={100} />
    </>
  );
}
