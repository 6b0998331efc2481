import { useAppSelector, useAppDispatch } from '../../session/hooks';
import { useNavigate, useSearchParams } from 'react-router';
import { useIntl } from 'react-intl';
import { PageTitle } from '../../components/page-title';
import { safeNextPath } from '../../services/same-site-path';
import { signedIn } from '../../session/session-slice';
import { addressReset, selectOtp } from './otp-slice';
import { AddressStep } from './address-step';
import { CodeStep } from './code-step';

/** Sign-in by one-time code: the address, then the code; either step can go back. */
export default function AuthPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const otp = useAppSelector(selectOtp);

  return (
    <section className="auth-page narrow">
      <PageTitle id="auth.title" />
      {otp.address ? (
        <CodeStep
          address={otp.address}
          resendIn={otp.resendIn}
          onChangeAddress={() => dispatch(addressReset())}
          onSignedIn={(token, userId) => {
            dispatch(signedIn({ token, userId }));
            dispatch(addressReset());
            navigate(safeNextPath(params.get('next')), { replace: true });
          }}
        />
      ) : (
        <>
          <p className="lead">{intl.formatMessage({ id: 'auth.intro' })}</p>
          <AddressStep />
        </>
      )}
    </section>
  );
}
