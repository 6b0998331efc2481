import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { recoverRequestSchema } from '../../../../shared/validation/olympiad-account';
import { ApiErrorText } from '../../../components/api-error-text';
import { FormField } from '../../../components/forms/form-field';
import { useServerVerdicts } from '../../../components/forms/use-server-verdicts';
import { validateWith } from '../../../components/forms/validate-with';
import { useForgotPasswordMutation } from '../olympiad-api';

/** Step one: the e-mail. The answer reads the same whether or not the address has an account. */
export function RecoverRequest() {
  const intl = useIntl();
  const [forgot] = useForgotPasswordMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const verdicts = useServerVerdicts(validateWith(recoverRequestSchema));
  if (sentTo) {
    return (
      <p className="notice notice-success" role="status" data-testid="recover-sent">
        {intl.formatMessage({ id: 'olympiad.recover.sent' }, { email: sentTo })}
      </p>
    );
  }
  return (
    <Formik
      initialValues={{ email: '' }}
      validate={verdicts.validate}
      // Not on blur: leaving the empty, focused field for the link below must not move the link.
      validateOnBlur={false}
      onSubmit={async (values, helpers) => {
        try {
          await forgot(values.email.trim()).unwrap();
          setSentTo(values.email.trim());
        } catch (failure) {
          if (!verdicts.applyServerErrors(failure, values, helpers)) helpers.setStatus(failure);
        }
      }}
    >
      {({ isSubmitting, status }) => (
        <Form noValidate method="post" className="form">
          <p className="lead">{intl.formatMessage({ id: 'olympiad.recover.intro' })}</p>
          <FormField name="email" labelId="olympiad.field.email" type="email" autoComplete="email" maxLength={255} autoFocus />
          <ApiErrorText error={status} />
          <button type="submit" className="button button-primary" disabled={isSubmitting} data-testid="recover-submit">
            {intl.formatMessage({ id: 'olympiad.recover.send' })}
          </button>
        </Form>
      )}
    </Formik>
  );
}
