import { Form, Formik } from 'formik';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../../session/hooks';
import type { ParticipantResource } from '../../../../shared/api/olympiad';
import { dateIn, formatBirthDate, OLYMPIAD_TIME_ZONE, parseBirthDate, toIsoDate } from '../../../../shared/validation/olympiad-dates';
import { SEXES } from '../../../../shared/validation/olympiad-options';
import { personalDataSchema } from '../../../../shared/validation/olympiad-participant';
import { ApiErrorText } from '../../../components/api-error-text';
import { FormField } from '../../../components/forms/form-field';
import { useServerVerdicts } from '../../../components/forms/use-server-verdicts';
import { validateWith } from '../../../components/forms/validate-with';
import { selectLanguage } from '../../../session/language-slice';
import { BirthDateField } from '../components/birth-date-field';
import { RadioField } from '../components/radio-field';
import { useUpdatePersonalMutation } from '../olympiad-api';
import { SaveActions } from '../components/save-actions';

const valuesOf = (participant: ParticipantResource, lang: 'ru' | 'en') => ({
  login: participant.login,
  email: participant.email,
  full_name: participant.full_name,
  birth_date: formatBirthDate(participant.birth_date, lang),
  sex: participant.sex,
});

/** Who the participant is, under the registration rules; the age rule looks at the registration date. */
export function PersonalDataForm({ participant }: { participant: ParticipantResource }) {
  const intl = useIntl();
  const lang = useAppSelector(selectLanguage);
  const [update] = useUpdatePersonalMutation();
  const [saved, setSaved] = useState(false);
  const today = useMemo(() => dateIn(OLYMPIAD_TIME_ZONE, new Date(participant.registered_at)), [participant.registered_at]);
  const schema = useMemo(() => personalDataSchema({ lang, today }), [lang, today]);
  const verdicts = useServerVerdicts(validateWith(schema));
  return (
    <Formik
      initialValues={valuesOf(participant, lang)}
      validate={verdicts.validate}
      onSubmit={async (values, helpers) => {
        setSaved(false);
        const birth = parseBirthDate(values.birth_date, lang);
        try {
          const result = await update({ ...values, birth_date: birth ? toIsoDate(birth) : values.birth_date }).unwrap();
          helpers.resetForm({ values: valuesOf(result, lang) });
          setSaved(true);
        } catch (failure) {
          if (!verdicts.applyServerErrors(failure, values, helpers)) helpers.setStatus(failure);
        }
      }}
    >
      {({ isSubmitting, status, dirty, values }) => (
        <Form noValidate method="post" className="form narrow">
          <FormField name="login" labelId="olympiad.field.login" autoComplete="username" maxLength={32} />
          <FormField name="email" labelId="olympiad.field.email" type="email" autoComplete="email" maxLength={255} />
          {values.email.trim().toLowerCase() !== participant.email ? (
            <p className="muted">{intl.formatMessage({ id: 'olympiad.account.personal.emailChange' })}</p>
          ) : null}
          <FormField name="full_name" labelId="olympiad.field.full_name" autoComplete="name" maxLength={300} />
          <BirthDateField name="birth_date" />
          <RadioField name="sex" labelId="olympiad.field.sex" options={SEXES} optionPrefix="olympiad.sex" />
          <ApiErrorText error={status} />
          <SaveActions submitting={isSubmitting} testId="save-personal" saved={saved && !dirty} savedTestId="personal-saved" />
        </Form>
      )}
    </Formik>
  );
}
