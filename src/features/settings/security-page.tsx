import { useIntl } from 'react-intl';
import { PageTitle } from '../../components/page-title';
import { SessionList } from '../../session/session-list';

export default function SecurityPage() {
  const intl = useIntl();
  return (
    <section className="settings-page narrow">
      <PageTitle id="security.title" />
      <h2>{intl.formatMessage({ id: 'security.sessions' })}</h2>
      <p className="muted">{intl.formatMessage({ id: 'security.sessions.text' })}</p>
      <SessionList />
    </section>
  );
}
