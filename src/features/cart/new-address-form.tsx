import { Form, Formik } from 'formik';
import { useIntl } from 'react-intl';
import type { AddressResource } from '../../../shared/api/addresses';
import { addressSchema } from '../../../shared/validation/addresses';
import { ApiErrorText } from '../../components/api-error-text';
import { FormField } from '../../components/forms/form-field';
import { useServerVerdicts } from '../../components/forms/use-server-verdicts';
import { validateWith } from '../../components/forms/validate-with';
import { useAddAddressMutation } from '../../account/addresses-api';

const EMPTY = { city: '', street: '', house: '', flat: '', entrance: '', floor: '', intercom: '', comment: '' };
const FIELDS = ['city', 'street', 'house', 'flat', 'entrance', 'floor', 'intercom'] as const;

/** What the shared rule and `POST /v1/addresses` read: trimmed text, empty optional fields as null. */
const toBody = (values: typeof EMPTY) => addressSchema.cast(values, { stripUnknown: true });

/** A delivery address typed at checkout, under the shared rules; once saved it is the chosen address. */
export function NewAddressForm({ onSaved, onCancel }: { onSaved: (address: AddressResource) => void; onCancel: () => void }) {
  const intl = useIntl();
  const [create, creating] = useAddAddressMutation();
  const verdicts = useServerVerdicts(validateWith<typeof EMPTY>(addressSchema));
  return (
    <Formik
      initialValues={EMPTY}
      validate={verdicts.validate}
      onSubmit={async (values, helpers) => {
        try {
          onSaved(await create(toBody(values)).unwrap());
        } catch (failure) {
          verdicts.applyServerErrors(failure, values, helpers);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate className="form checkout-new-address" data-testid="new-address-form">
          {FIELDS.map((name) => (
            <FormField key={name} name={name} idPrefix="address" labelId={`addresses.field.${name}`} type="text" autoComplete={name === 'city' ? 'address-level2' : name === 'street' ? 'address-line1' : 'off'} />
          ))}
          <FormField name="comment" idPrefix="address" labelId="addresses.field.comment" multiline rows={2} />
          {creating.error && !(creating.error as { data?: { errors?: unknown } }).data?.errors ? <ApiErrorText error={creating.error} /> : null}
          <button type="submit" className="button button-primary" disabled={isSubmitting} data-testid="save-address">
            {intl.formatMessage({ id: 'checkout.ui.saveAddress' })}
          </button>{' '}
          <button type="button" className="button" onClick={onCancel}>
            {intl.formatMessage({ id: 'common.cancel' })}
          </button>
        </Form>
      )}
    </Formik>
  );
}
