import { ADDRESS_FIELD_MAX } from '../../shared/api/order-values';
import { FormField } from '../components/forms/form-field';

const TEXT_FIELDS = [
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'street', autoComplete: 'address-line1' },
  { name: 'house', autoComplete: 'off' },
  { name: 'flat', autoComplete: 'address-line2' },
  { name: 'entrance', autoComplete: 'off' },
  { name: 'floor', autoComplete: 'off' },
  { name: 'intercom', autoComplete: 'off' },
] as const;

/** An address's fields, the same in the settings form and in the one typed at checkout. */
export function AddressFields({ idPrefix }: { idPrefix?: string }) {
  return (
    <>
      {TEXT_FIELDS.map(({ name, autoComplete }) => (
        <FormField key={name} name={name} idPrefix={idPrefix} labelId={`addresses.field.${name}`} autoComplete={autoComplete} maxLength={ADDRESS_FIELD_MAX[name]} />
      ))}
      <FormField name="comment" idPrefix={idPrefix} labelId="addresses.field.comment" multiline rows={3} maxLength={ADDRESS_FIELD_MAX.comment} />
    </>
  );
}
