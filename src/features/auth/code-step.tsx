import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../session/hooks';
import { verifyCodeSchema } from '../../../shared/validation/auth';
import { ApiErrorText } from '../../components/api-error-text';
import { FormField } from '../../components/forms/form-field';
import { useServerVerdicts } from '../../components/forms/use-server-verdicts';
import { validateWith } from '../../components/forms/validate-with';
import { useRequestCodeMutation, useVerifyCodeMutation } from './auth-api';
import { codeSent } from './otp-slice';

interface CodeStepProps {
  address: string;
  resendIn: number;
  onChangeAddress(): void;
  onSignedIn(token: string, userId: number): void;
}

export function CodeStep({ address, resendIn, onChangeAddress, onSignedIn }: CodeStepProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [verify] = useVerifyCodeMutation();
  const [requestCode, resend] = useRequestCodeMutation();
  const [resent, setResent] = useState(false);

  const sendAgain = async () => {
    try {
      const sent = await requestCode({ address }).unwrap();
      dispatch(codeSent({ address: sent.address, resendIn: sent.resend_in }));
      setResent(true);
    } catch {
      // The error is shown below the button.
    }
  };

  const verdicts = useServerVerdicts(validateWith(verifyCodeSchema));
  return (
    <Formik
      initialValues={{ address, code: '' }}
      validate={verdicts.validate}
      onSubmit={async (values, helpers) => {
        try {
          const result = await verify({ address, code: values.code.trim() }).unwrap();
          onSignedIn(result.token, result.user.id);
        } catch (failure) {
          if (!verdicts.applyServerErrors(failure, values, helpers)) helpers.setStatus(failure);
        }
      }}
    >
      {({ isSubmitting, status }) => (
        <Form noValidate className="form">
          <p className="lead" role="status" data-testid="code-sent">
            {intl.formatMessage({ id: 'auth.codeSent' }, { address })}
          </p>
          <FormField
            name="code"
            labelId="auth.code.label"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
          />
          <ApiErrorText error={status} />
          <button type="submit" className="button button-primary" disabled={isSubmitting} data-testid="verify-code">
            {intl.formatMessage({ id: isSubmitting ? 'auth.verifying' : 'auth.verify' })}
          </button>
          <div className="form-secondary">
            <button type="button" className="link-button" disabled={resendIn > 0 || resend.isLoading} onClick={sendAgain}>
              {resendIn > 0
                ? intl.formatMessage({ id: 'auth.resendIn' }, { seconds: resendIn })
                : intl.formatMessage({ id: 'auth.resend' })}
            </button>
            <button type="button" className="link-button" onClick={onChangeAddress}>
              {intl.formatMessage({ id: 'auth.changeAddress' })}
            </button>
          </div>
          {resend.error ? <ApiErrorText error={resend.error} /> : null}
          {resent && !resend.error ? <span className="visually-hidden" role="status">{intl.formatMessage({ id: 'auth.codeSent' }, { address })}</span> : null}
        </Form>
      )}
    </Formik>
  );
}
