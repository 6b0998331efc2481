import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { profileSchema } from '../../../shared/validation/profile';
import { ApiErrorText } from '../../components/api-error-text';
import { FormField } from '../../components/form-field';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { applyServerErrors } from '../../components/server-errors';
import { useProfileQuery, useUpdateProfileMutation } from '../profile/profile-api';

export default function ProfileSettingsPage() {
  const intl = useIntl();
  const { data: profile, error, isLoading } = useProfileQuery();
  const [updateProfile] = useUpdateProfileMutation();
  const [saved, setSaved] = useState(false);

  if (isLoading) return <PageLoading />;
  if (!profile) return <ApiErrorText error={error} />;

  return (
    <section className="settings-page narrow">
      <PageTitle id="settings.profile" />
      <Formik
        initialValues={{ name: profile.name, email: profile.email ?? '', phone: profile.phone ?? '', about: profile.about }}
        validationSchema={profileSchema}
        onSubmit={async (values, helpers) => {
          setSaved(false);
          try {
            const savedProfile = await updateProfile(values).unwrap();
            // What the server stored (normalised) becomes the form's new clean state.
            helpers.resetForm({
              values: { name: savedProfile.name, email: savedProfile.email ?? '', phone: savedProfile.phone ?? '', about: savedProfile.about },
            });
            setSaved(true);
          } catch (failure) {
            // The form keeps what the user typed; only the messages change.
            if (!applyServerErrors(failure, helpers)) helpers.setStatus(failure);
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
    </section>
  );
}
