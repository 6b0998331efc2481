import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { confirmAddressSchema } from '../../../shared/validation/auth';
import type { ContactKind } from '../../../shared/validation/contact';
import { ApiErrorText } from '../../components/api-error-text';
import { FormField } from '../../components/forms/form-field';
import { useServerVerdicts } from '../../components/forms/use-server-verdicts';
import { validateWith } from '../../components/forms/validate-with';
import { useCancelPendingAddressMutation, useConfirmAddressMutation, useSendAddressCodeMutation } from '../../session/profile-api';

interface PendingAddressProps {
  kind: ContactKind;
  address: string;
}

/**
 * A new e-mail or phone waiting for its code: the code field, "send again" and "keep the
 * current address". Until the code comes back the account keeps signing in as before.
 */
export function PendingAddress({ kind, address }: PendingAddressProps) {
  const intl = useIntl();
  const [sendCode, sending] = useSendAddressCodeMutation();
  const [confirm] = useConfirmAddressMutation();
  const [cancel, cancelling] = useCancelPendingAddressMutation();
  const [notice, setNotice] = useState<unknown>(null);
  const [resent, setResent] = useState(false);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  const resend = async () => {
    setResent(false);
    setNotice(null);
    try {
      await sendCode(kind).unwrap();
      setResent(true);
    } catch (failure) {
      setNotice(failure);
    }
  };

  const verdicts = useServerVerdicts(validateWith(confirmAddressSchema));
  return (
    <section className="pending-address" data-testid={`pending-${kind}`} aria-labelledby={`pending-${kind}-title`}>
      <h2 id={`pending-${kind}-title`} className="pending-address-title">
        {t('profile.pending.title', { address })}
      </h2>
      <p>{t('profile.pending.text')}</p>
      <Formik
        initialValues={{ code: '' }}
        validate={verdicts.validate}
        onSubmit={async (values, helpers) => {
          try {
            await confirm({ kind, code: values.code.trim() }).unwrap();
          } catch (failure) {
            // The typed code stays; only the message changes.
            if (!verdicts.applyServerErrors(failure, values, helpers)) helpers.setStatus(failure);
          }
        }}
      >
        {({ isSubmitting, status }) => (
          <Form noValidate className="form">
            <FormField name="code" labelId="profile.pending.code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            <ApiErrorText error={status ?? notice} />
            {resent ? (
              <p className="form-success" role="status">
                {t('profile.pending.resent')}
              </p>
            ) : null}
            <div className="form-actions">
              <button type="submit" className="button button-primary" disabled={isSubmitting} data-testid={`confirm-${kind}`}>
                {t('profile.pending.confirm')}
              </button>
              <button type="button" className="button" onClick={resend} disabled={sending.isLoading}>
                {t('profile.pending.resend')}
              </button>
              <button type="button" className="link-button" onClick={() => cancel(kind)} disabled={cancelling.isLoading}>
                {t('profile.pending.cancel')}
              </button>
            </div>
          </Form>
        )}
      </Formik>
    </section>
  );
}
