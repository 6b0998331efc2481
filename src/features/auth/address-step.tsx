import { Form, Formik } from 'formik';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../session/hooks';
import { requestCodeSchema } from '../../../shared/validation/auth';
import { ApiErrorText } from '../../components/api-error-text';
import { FormField } from '../../components/forms/form-field';
import { useServerVerdicts } from '../../components/forms/use-server-verdicts';
import { validateWith } from '../../components/forms/validate-with';
import { useRequestCodeMutation } from './auth-api';
import { codeSent } from './otp-slice';

export function AddressStep() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [requestCode, { error }] = useRequestCodeMutation();

  const verdicts = useServerVerdicts(validateWith(requestCodeSchema));
  return (
    <Formik
      initialValues={{ address: '' }}
      validate={verdicts.validate}
      onSubmit={async (values, helpers) => {
        try {
          const sent = await requestCode({ address: values.address.trim() }).unwrap();
          dispatch(codeSent({ address: sent.address, resendIn: sent.resend_in }));
        } catch (failure) {
          verdicts.applyServerErrors(failure, values, helpers);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate className="form">
          <FormField
            name="address"
            labelId="auth.address.label"
            type="text"
            inputMode="email"
            autoComplete="username"
            autoFocus
            placeholder={intl.formatMessage({ id: 'auth.address.placeholder' })}
          />
          {error && !(error as { data?: { errors?: unknown } }).data?.errors ? <ApiErrorText error={error} /> : null}
          <button type="submit" className="button button-primary" disabled={isSubmitting} data-testid="send-code">
            {intl.formatMessage({ id: isSubmitting ? 'auth.sending' : 'auth.sendCode' })}
          </button>
        </Form>
      )}
    </Formik>
  );
}
