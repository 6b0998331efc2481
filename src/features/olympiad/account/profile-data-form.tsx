import { Form, Formik } from 'formik';
import { useMemo, useState } from 'react';
import { useAppSelector } from '../../../session/hooks';
import type { ParticipantResource } from '../../../../shared/api/olympiad';
import { CATEGORIES, REFERRAL_SOURCES } from '../../../../shared/validation/olympiad-options';
import { profileDataSchema } from '../../../../shared/validation/olympiad-participant';
import { ApiErrorText } from '../../../components/api-error-text';
import { FormField } from '../../../components/forms/form-field';
import { useServerVerdicts } from '../../../components/forms/use-server-verdicts';
import { validateWith } from '../../../components/forms/validate-with';
import { selectLanguage } from '../../../session/language-slice';
import { SelectField } from '../../../components/forms/select-field';
import { useUpdateProfileDataMutation } from '../olympiad-api';
import { SaveActions } from '../components/save-actions';

const valuesOf = (participant: ParticipantResource) => ({
  country: participant.country,
  city: participant.city,
  school: participant.school,
  social_link: participant.social_link,
  referral_source: participant.referral_source,
  category: participant.category,
});

/** Where the participant studies and the rest of the profile, under the registration rules. */
export function ProfileDataForm({ participant }: { participant: ParticipantResource }) {
  const lang = useAppSelector(selectLanguage);
  const [update] = useUpdateProfileDataMutation();
  const [saved, setSaved] = useState(false);
  const schema = useMemo(() => profileDataSchema({ lang }), [lang]);
  const verdicts = useServerVerdicts(validateWith(schema));
  return (
    <Formik
      initialValues={valuesOf(participant)}
      validate={verdicts.validate}
      onSubmit={async (values, helpers) => {
        setSaved(false);
        try {
          const result = await update(values).unwrap();
          helpers.resetForm({ values: valuesOf(result) });
          setSaved(true);
        } catch (failure) {
          if (!verdicts.applyServerErrors(failure, values, helpers)) helpers.setStatus(failure);
        }
      }}
    >
      {({ isSubmitting, status, dirty }) => (
        <Form noValidate method="post" className="form narrow">
          <FormField name="country" labelId="olympiad.field.country" autoComplete="country-name" maxLength={100} />
          <FormField name="city" labelId="olympiad.field.city" autoComplete="address-level2" maxLength={100} />
          <FormField name="school" labelId="olympiad.field.school" autoComplete="organization" maxLength={255} />
          <SelectField name="category" labelId="olympiad.field.category" options={CATEGORIES} optionPrefix="olympiad.category" emptyId="olympiad.form.choose" />
          <FormField name="social_link" labelId="olympiad.field.social_link" type="url" inputMode="url" maxLength={255} />
          <SelectField
            name="referral_source"
            labelId="olympiad.field.referral_source"
            options={REFERRAL_SOURCES}
            optionPrefix="olympiad.referral"
            emptyId="olympiad.form.choose"
          />
          <ApiErrorText error={status} />
          <SaveActions submitting={isSubmitting} testId="save-profile-data" saved={saved && !dirty} savedTestId="profile-data-saved" />
        </Form>
      )}
    </Formik>
  );
}
