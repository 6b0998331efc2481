import { Form, Formik } from 'formik';
import { useIntl } from 'react-intl';
import { useAppSelector, useAppDispatch } from '../../../session/hooks';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { olympiadLoginSchema } from '../../../../shared/validation/olympiad-account';
import { ApiErrorText } from '../../../components/api-error-text';
import { FormField } from '../../../components/forms/form-field';
import { PageTitle } from '../../../components/page-title';
import { useServerVerdicts } from '../../../components/forms/use-server-verdicts';
import { validateWith } from '../../../components/forms/validate-with';
import { sameSitePath } from '../../../services/same-site-path';
import { selectIsSignedIn, signedIn } from '../../../session/session-slice';
import { OlympiadNav } from '../../../olympiad/olympiad-nav';
import { useOlympiadLoginMutation, useParticipantQuery } from '../olympiad-api';

/** Where to go after signing in: a page of the olympiad, else the account. */
export function afterLogin(next: string | null): string {
  const path = sameSitePath(next);
  return path && path.startsWith('/olympiad') && !path.startsWith('/olympiad/login') ? path : '/olympiad/account';
}

export default function OlympiadLoginPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const participant = useParticipantQuery(undefined, { skip: !isSignedIn });
  const [login] = useOlympiadLoginMutation();
  const verdicts = useServerVerdicts(validateWith(olympiadLoginSchema));

  if (isSignedIn && participant.data) return <Navigate to={afterLogin(params.get('next'))} replace />;

  return (
    <div className="olympiad-page">
      <OlympiadNav />
      <section className="narrow">
        <PageTitle id="olympiad.login.title" />
        <Formik
          initialValues={{ login: '', password: '' }}
          validate={verdicts.validate}
          // Not on blur: leaving the empty, focused field for the link below must not move the link.
          validateOnBlur={false}
          onSubmit={async (values, helpers) => {
            helpers.setStatus(undefined);
            try {
              const result = await login(values).unwrap();
              dispatch(signedIn({ token: result.token, userId: result.user.id }));
              navigate(afterLogin(params.get('next')), { replace: true });
            } catch (failure) {
              // A 429 (too many attempts) has no field: its message shows above the button.
              if (!verdicts.applyServerErrors(failure, values, helpers)) helpers.setStatus(failure);
            }
          }}
        >
          {({ isSubmitting, status }) => (
            <Form noValidate method="post" className="form">
              <FormField name="login" labelId="olympiad.login.identifier" autoComplete="username" maxLength={255} autoFocus />
              <FormField name="password" labelId="olympiad.field.password" type="password" autoComplete="current-password" maxLength={128} />
              <ApiErrorText error={status} />
              <button type="submit" className="button button-primary" disabled={isSubmitting} data-testid="login-submit">
                {intl.formatMessage({ id: isSubmitting ? 'olympiad.login.submitting' : 'olympiad.login.submit' })}
              </button>
              <div className="form-secondary">
                <Link to="/olympiad/recover" data-testid="forgot-password">
                  {intl.formatMessage({ id: 'olympiad.login.forgot' })}
                </Link>
                <Link to="/olympiad/register">{intl.formatMessage({ id: 'olympiad.login.register' })}</Link>
              </div>
            </Form>
          )}
        </Formik>
      </section>
    </div>
  );
}
