import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { ModerationSettingResource } from '../../../shared/api/admin-moderation';
import { ApiErrorText } from '../../components/api-error-text';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { StaffShell } from '../../staff/staff-shell';
import { useChangeCatalogModerationSettingMutation, useCatalogModerationSettingsQuery } from './moderation-api';
import './admin-moderation.css';

/** `/admin/moderation-settings` (admins): per kind, approval before publishing or review after. */
export default function ModerationSettingsPage() {
  return (
    <StaffShell section="moderation-settings">
      <ModerationSettings />
    </StaffShell>
  );
}

function ModerationSettings() {
  const intl = useIntl();
  const settings = useCatalogModerationSettingsQuery();
  const [change, changing] = useChangeCatalogModerationSettingMutation();
  const [saved, setSaved] = useState<string | null>(null);
  const save = (setting: ModerationSettingResource, value: boolean) => {
    setSaved(null);
    void change({ kind: setting.kind, approval_before_public: value })
      .unwrap()
      .then(() => setSaved(intl.formatMessage({ id: 'admin.moderation.settings.saved' }, { kind: intl.formatMessage({ id: `admin.moderation.settings.kind.${setting.kind}` }) })))
      .catch(() => undefined);
  };
  return (
    <section className="admin-moderation-settings" data-testid="moderation-settings">
      <PageTitle id="admin.moderation.settings.title" />
      <p className="muted">{intl.formatMessage({ id: 'admin.moderation.settings.intro' })}</p>
      {saved ? (
        <p className="form-success" role="status">
          {saved}
        </p>
      ) : null}
      <ApiErrorText error={changing.error} />
      {settings.isLoading ? (
        <PageLoading />
      ) : !settings.data ? (
        <ApiErrorText error={settings.error} />
      ) : (
        settings.data.data.map((setting) => (
          <fieldset key={setting.kind} data-testid={`moderation-setting-${setting.kind}`}>
            <legend>{intl.formatMessage({ id: `admin.moderation.settings.kind.${setting.kind}` })}</legend>
            {[true, false].map((value) => (
              <label key={String(value)} className="admin-moderation-choice">
                <input
                  type="radio"
                  name={`setting-${setting.kind}`}
                  checked={setting.approval_before_public === value}
                  disabled={changing.isLoading}
                  onChange={() => save(setting, value)}
                />{' '}
                {intl.formatMessage({ id: value ? 'admin.moderation.settings.before' : 'admin.moderation.settings.after' })}
              </label>
            ))}
          </fieldset>
        ))
      )}
    </section>
  );
}
