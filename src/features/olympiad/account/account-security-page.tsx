import { useIntl } from 'react-intl';
import { AccountLayout } from './account-layout';
import { ChangePasswordForm } from './change-password-form';
import { SessionList } from '../../../session/session-list';

export default function AccountSecurityPage() {
  const intl = useIntl();
  return (
    <AccountLayout titleId="olympiad.account.security">
      {() => (
        <>
          <h2>{intl.formatMessage({ id: 'olympiad.security.password' })}</h2>
          <ChangePasswordForm />
          <h2>{intl.formatMessage({ id: 'olympiad.security.sessions' })}</h2>
          <p className="muted">{intl.formatMessage({ id: 'security.sessions.text' })}</p>
          <SessionList testId="olympiad-sessions" />
        </>
      )}
    </AccountLayout>
  );
}
