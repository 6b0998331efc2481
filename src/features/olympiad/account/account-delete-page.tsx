import { Form, Formik } from 'formik';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../../session/hooks';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { deleteAccountSchema } from '../../../../shared/validation/olympiad-account';
import { ApiErrorText } from '../../../components/api-error-text';
import { FormField } from '../../../components/forms/form-field';
import { useServerVerdicts } from '../../../components/forms/use-server-verdicts';
import { validateWith } from '../../../components/forms/validate-with';
import { signedOut } from '../../../session/session-slice';
import { useDeleteAccountMutation } from '../olympiad-api';
import { AccountLayout } from './account-layout';

/** Deletion asks for the password; afterwards the personal data is gone and every session has ended, this one too. */
export default function AccountDeletePage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [remove] = useDeleteAccountMutation();
  const [deleted, setDeleted] = useState(false);
  const verdicts = useServerVerdicts(validateWith(deleteAccountSchema));
  // Not through the account's guard, which would send a signed-out visitor to the sign-in form.
  if (deleted) return <Navigate to="/olympiad" replace state={{ accountDeleted: true }} />;
  return (
    <AccountLayout titleId="olympiad.account.delete">
      {() => (
        <Formik
          initialValues={{ password: '' }}
          validate={verdicts.validate}
          onSubmit={async (values, helpers) => {
            try {
              await remove(values).unwrap();
              // Signed out at once, so a late 401 of another call finds no session to end; this page then leaves by itself.
              setDeleted(true);
              dispatch(signedOut());
            } catch (failure) {
              if (!verdicts.applyServerErrors(failure, values, helpers)) helpers.setStatus(failure);
            }
          }}
        >
          {({ isSubmitting, status }) => (
            <Form noValidate method="post" className="form narrow">
              <p>{intl.formatMessage({ id: 'olympiad.account.delete.text' })}</p>
              <FormField name="password" labelId="olympiad.field.password" type="password" autoComplete="current-password" maxLength={128} />
              <ApiErrorText error={status} />
              <button type="submit" className="button button-danger" disabled={isSubmitting} data-testid="delete-account">
                {intl.formatMessage({ id: 'olympiad.account.delete.confirm' })}
              </button>
            </Form>
          )}
        </Formik>
      )}
    </AccountLayout>
  );
}
