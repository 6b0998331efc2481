import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { changePasswordSchema } from '../../../../shared/validation/olympiad-account';
import { ApiErrorText } from '../../../components/api-error-text';
import { FormField } from '../../../components/forms/form-field';
import { useServerVerdicts } from '../../../components/forms/use-server-verdicts';
import { validateWith } from '../../../components/forms/validate-with';
import { CheckboxField } from '../components/checkbox-field';
import { useChangePasswordMutation } from '../olympiad-api';

const EMPTY = { current_password: '', password: '', password_confirmation: '', end_sessions: false };

export function ChangePasswordForm() {
  const intl = useIntl();
  const [change] = useChangePasswordMutation();
  const [done, setDone] = useState<number | null>(null);
  const verdicts = useServerVerdicts(validateWith(changePasswordSchema));
  return (
    <Formik
      initialValues={EMPTY}
      validate={verdicts.validate}
      onSubmit={async (values, helpers) => {
        setDone(null);
        try {
          const result = await change(values).unwrap();
          // The passwords leave the form as soon as they are no longer needed.
          helpers.resetForm({ values: EMPTY });
          setDone(result.sessions_ended);
        } catch (failure) {
          if (!verdicts.applyServerErrors(failure, values, helpers)) helpers.setStatus(failure);
        }
      }}
    >
      {({ isSubmitting, status }) => (
        <Form noValidate method="post" className="form narrow">
          <FormField name="current_password" labelId="olympiad.field.currentPassword" type="password" autoComplete="current-password" maxLength={128} />
          <FormField name="password" labelId="olympiad.field.newPassword" type="password" autoComplete="new-password" maxLength={128} />
          <FormField name="password_confirmation" labelId="olympiad.field.password_confirmation" type="password" autoComplete="new-password" maxLength={128} />
          <CheckboxField name="end_sessions">{intl.formatMessage({ id: 'olympiad.security.endOthers' })}</CheckboxField>
          <ApiErrorText error={status} />
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={isSubmitting} data-testid="change-password">
              {intl.formatMessage({ id: 'olympiad.security.change' })}
            </button>
            {done !== null ? (
              <span className="form-success" role="status" data-testid="password-changed">
                {intl.formatMessage({ id: 'olympiad.security.changed' }, { count: done })}
              </span>
            ) : null}
          </div>
        </Form>
      )}
    </Formik>
  );
}
