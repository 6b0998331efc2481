import { Form, Formik } from 'formik';
import { useIntl } from 'react-intl';
import type { AddressResource } from '../../../shared/api/addresses';
import { addressSchema } from '../../../shared/validation/addresses';
import { ApiErrorText } from '../../components/api-error-text';
import { AddressFields } from '../../account/address-fields';
import { addressBody, emptyAddress, type AddressValues } from '../../account/address-values';
import { useServerVerdicts } from '../../components/forms/use-server-verdicts';
import { validateWith } from '../../components/forms/validate-with';
import { useAddAddressMutation } from '../../account/addresses-api';


/** A delivery address typed at checkout, under the shared rules; once saved it is the chosen address. */
export function NewAddressForm({ onSaved, onCancel }: { onSaved: (address: AddressResource) => void; onCancel: () => void }) {
  const intl = useIntl();
  const [create, creating] = useAddAddressMutation();
  const verdicts = useServerVerdicts(validateWith<AddressValues>(addressSchema, addressBody));
  return (
    <Formik
      initialValues={emptyAddress}
      validate={verdicts.validate}
      onSubmit={async (values, helpers) => {
        try {
          onSaved(await create(addressBody(values)).unwrap());
        } catch (failure) {
          verdicts.applyServerErrors(failure, values, helpers);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate className="form checkout-new-address" data-testid="new-address-form">
          <AddressFields idPrefix="address" />
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
