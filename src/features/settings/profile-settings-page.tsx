import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { UserResource } from '../../../shared/api/users';
import { profileSchema } from '../../../shared/validation/profile';
import { ApiErrorText } from '../../components/api-error-text';
import { FormField } from '../../components/forms/form-field';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { useServerVerdicts } from '../../components/forms/use-server-verdicts';
import { validateWith } from '../../components/forms/validate-with';
import { useProfileQuery, useUpdateProfileMutation } from '../../session/profile-api';
import { PendingAddress } from './pending-address';

/** The form shows the addresses the user set last: one waiting for its code is edited, not the proven one behind it. */
const formValues = (profile: UserResource) => ({
  name: profile.name,
  email: profile.pending_email ?? profile.email ?? '',
  phone: profile.pending_phone ?? profile.phone ?? '',
  about: profile.about,
});

export default function ProfileSettingsPage() {
  const intl = useIntl();
  const { data: profile, error, isLoading } = useProfileQuery();
  const [updateProfile] = useUpdateProfileMutation();
  const [saved, setSaved] = useState(false);
  const verdicts = useServerVerdicts(validateWith<ReturnType<typeof formValues>>(profileSchema));

  if (isLoading) return <PageLoading />;
  if (!profile) return <ApiErrorText error={error} />;

  return (
    <section className="settings-page narrow">
      <PageTitle id="settings.profile" />
      <Formik
        initialValues={formValues(profile)}
        validate={verdicts.validate}
        onSubmit={async (values, helpers) => {
          setSaved(false);
          try {
            const savedProfile = await updateProfile(values).unwrap();
            // What the server stored (normalised) becomes the form's new clean state.
            helpers.resetForm({ values: formValues(savedProfile) });
            setSaved(true);
          } catch (failure) {
            // The form keeps what the user typed; only the messages change.
            if (!verdicts.applyServerErrors(failure, values, helpers)) helpers.setStatus(failure);
          }
        }}
      >
        {({ isSubmitting, status, dirty }) => (
          <Form noValidate className="form">
            <FormField name="name" labelId="profile.name" autoComplete="name" maxLength={255} />
            <FormField name="email" labelId="profile.email" type="email" autoComplete="email" />
            <FormField name="phone" labelId="profile.phone" type="tel" autoComplete="tel" />
            <FormField name="about" labelId="profile.about" multiline maxLength={1000} />
            <ApiErrorText error={status} />
            <div className="form-actions">
              <button type="submit" className="button button-primary" disabled={isSubmitting} data-testid="save-profile">
                {intl.formatMessage({ id: isSubmitting ? 'common.saving' : 'common.save' })}
              </button>
              {saved && !dirty ? (
                <span className="form-success" role="status" data-testid="profile-saved">
                  {intl.formatMessage({ id: 'profile.saved' })}
                </span>
              ) : null}
            </div>
          </Form>
        )}
      </Formik>
      {profile.pending_email ? <PendingAddress key={`email:${profile.pending_email}`} kind="email" address={profile.pending_email} /> : null}
      {profile.pending_phone ? <PendingAddress key={`phone:${profile.pending_phone}`} kind="phone" address={profile.pending_phone} /> : null}
    </section>
  );
}
