import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';

const SECTIONS = [
  { to: '/settings/profile', title: 'settings.profile', text: 'settings.profile.text' },
  { to: '/settings/security', title: 'settings.security', text: 'settings.security.text' },
  { to: '/settings/address', title: 'settings.addresses', text: 'settings.addresses.text' },
  { to: '/settings/cards', title: 'settings.cards', text: 'settings.cards.text' },
];

export default function SettingsPage() {
  const intl = useIntl();
  return (
    <section className="settings-page narrow">
      <PageTitle id="settings.title" />
      <ul className="settings-list">
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <Link to={section.to} className="card">
              <strong>{intl.formatMessage({ id: section.title })}</strong>
              <span className="muted">{intl.formatMessage({ id: section.text })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
