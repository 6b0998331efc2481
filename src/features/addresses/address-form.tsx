import { Field, Form, Formik } from 'formik';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { AddressBody } from '../../../shared/api/addresses';
import { addressSchema } from '../../../shared/validation/addresses';
import { FormStatus } from '../../account/form-status';
import { wholeFormError } from '../../account/whole-form-error';
import { AddressFields } from '../../account/address-fields';
import { useServerVerdicts } from '../../components/forms/use-server-verdicts';
import { validateWith } from '../../components/forms/validate-with';
import { addressBody, type AddressValues } from '../../account/address-values';

interface AddressFormProps {
  initialValues: AddressValues;
  /** The default address stays the default until another is made so (the server never unsets it). */
  isDefault: boolean;
  save: (body: AddressBody) => Promise<unknown>;
  cancelTo: string;
}


/** The one address form of add and edit: the shared rules on the client, the server's 422 kept on its field until changed. */
export function AddressForm({ initialValues, isDefault, save, cancelTo }: AddressFormProps) {
  const intl = useIntl();
  const verdicts = useServerVerdicts(validateWith<AddressValues>(addressSchema, addressBody));
  return (
    <Formik<AddressValues>
      initialValues={initialValues}
      validate={verdicts.validate}
      onSubmit={async (values, helpers) => {
        helpers.setStatus(undefined);
        try {
          await save(addressBody(values));
        } catch (failure) {
          // A refusal of the whole (too many addresses) or a network error shows above the button.
          const whole = wholeFormError(failure);
          if (!verdicts.applyServerErrors(failure, values, helpers) || whole) helpers.setStatus(whole ?? failure);
        }
      }}
    >
      {({ isSubmitting, status }) => (
        <Form noValidate className="form" data-testid="address-form">
          <AddressFields />
          {isDefault ? (
            <p className="muted">{intl.formatMessage({ id: 'addresses.ui.isDefault' })}</p>
          ) : (
            <label className="form-check">
              <Field type="checkbox" name="is_default" /> {intl.formatMessage({ id: 'addresses.field.is_default' })}
            </label>
          )}
          <FormStatus status={status} />
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={isSubmitting} data-testid="save-address">
              {intl.formatMessage({ id: isSubmitting ? 'common.saving' : 'common.save' })}
            </button>
            <Link to={cancelTo}>{intl.formatMessage({ id: 'common.cancel' })}</Link>
          </div>
        </Form>
      )}
    </Formik>
  );
}
