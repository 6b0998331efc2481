import { Form, Formik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { resetPasswordSchema } from '../../../../shared/validation/olympiad-account';
import { ApiErrorText } from '../../../components/api-error-text';
import { FormField } from '../../../components/forms/form-field';
import { PageLoading } from '../../../components/page-loading';
import { useServerVerdicts } from '../../../components/forms/use-server-verdicts';
import { validateWith } from '../../../components/forms/validate-with';
import { CheckboxField } from '../components/checkbox-field';
import { useCheckResetLinkMutation, useResetPasswordMutation } from '../olympiad-api';

/** Step two, from the letter's link: a new password twice, and whether to end every session. */
export function RecoverReset({ token, onRestart }: { token: string; onRestart(): void }) {
  const intl = useIntl();
  const [check, checked] = useCheckResetLinkMutation();
  const [reset] = useResetPasswordMutation();
  const [done, setDone] = useState<{ sessionsEnded: number } | null>(null);
  const verdicts = useServerVerdicts(validateWith(resetPasswordSchema));
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void check(token);
  }, [check, token]);

  if (done) {
    return (
      <div role="status" data-testid="reset-done">
        <p className="notice notice-success">
          {intl.formatMessage({ id: done.sessionsEnded > 0 ? 'olympiad.recover.doneEnded' : 'olympiad.recover.done' }, { count: done.sessionsEnded })}
        </p>
        <Link className="button button-primary" to="/olympiad/login">
          {intl.formatMessage({ id: 'olympiad.nav.login' })}
        </Link>
      </div>
    );
  }
  if (checked.isLoading || checked.isUninitialized) return <PageLoading />;
  if (checked.error) {
    return (
      <div data-testid="reset-link-error">
        <ApiErrorText error={checked.error} />
        <button type="button" className="button" onClick={onRestart}>
          {intl.formatMessage({ id: 'olympiad.recover.again' })}
        </button>
      </div>
    );
  }
  return (
    <Formik
      initialValues={{ token, password: '', password_confirmation: '', end_sessions: true }}
      validate={verdicts.validate}
      onSubmit={async (values, helpers) => {
        try {
          const result = await reset(values).unwrap();
          setDone({ sessionsEnded: result.sessions_ended });
        } catch (failure) {
          if (!verdicts.applyServerErrors(failure, values, helpers)) helpers.setStatus(failure);
        }
      }}
    >
      {({ isSubmitting, status, errors }) => (
        <Form noValidate method="post" className="form">
          <p className="lead">{intl.formatMessage({ id: 'olympiad.recover.for' }, { email: checked.data?.email ?? '' })}</p>
          <FormField name="password" labelId="olympiad.field.newPassword" type="password" autoComplete="new-password" maxLength={128} autoFocus />
          <FormField name="password_confirmation" labelId="olympiad.field.password_confirmation" type="password" autoComplete="new-password" maxLength={128} />
          <CheckboxField name="end_sessions" testId="end-sessions">
            {intl.formatMessage({ id: 'olympiad.recover.endSessions' })}
          </CheckboxField>
          {typeof errors.token === 'string' ? <p className="form-error" role="alert">{errors.token}</p> : null}
          <ApiErrorText error={status} />
          <button type="submit" className="button button-primary" disabled={isSubmitting} data-testid="reset-submit">
            {intl.formatMessage({ id: 'olympiad.recover.save' })}
          </button>
        </Form>
      )}
    </Formik>
  );
}
