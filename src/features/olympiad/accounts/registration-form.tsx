import { Form, Formik } from 'formik';
import { useMemo, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppSelector, useAppDispatch } from '../../../session/hooks';
import { useNavigate, useSearchParams } from 'react-router';
import { sameSitePath } from '../../../services/same-site-path';
import { parseBirthDate, toIsoDate } from '../../../../shared/validation/olympiad-dates';
import { CATEGORIES, REFERRAL_SOURCES, SEXES } from '../../../../shared/validation/olympiad-options';
import { registrationSchema } from '../../../../shared/validation/olympiad-participant';
import { ApiErrorText } from '../../../components/api-error-text';
import { BlankFieldsNotice, BlankFieldsScope, hasShownBlank } from '../../../components/forms/blank-fields';
import { FormField } from '../../../components/forms/form-field';
import { useServerVerdicts } from '../../../components/forms/use-server-verdicts';
import { validateWith } from '../../../components/forms/validate-with';
import { signedIn } from '../../../session/session-slice';
import { selectLanguage } from '../../../session/language-slice';
import { BirthDateField } from '../components/birth-date-field';
import { CheckboxField } from '../components/checkbox-field';
import { RadioField } from '../components/radio-field';
import { SelectField } from '../../../components/forms/select-field';
import { useRegisterMutation } from '../olympiad-api';

export const EMPTY_REGISTRATION = {
  login: '',
  email: '',
  password: '',
  password_confirmation: '',
  full_name: '',
  birth_date: '',
  sex: '',
  country: '',
  city: '',
  school: '',
  social_link: '',
  referral_source: '',
  category: '',
  agreement: false,
};

export const DOCUMENTS = {
  agreement: '/docs/user-agreement.pdf',
  privacy: '/docs/privacy-policy.pdf',
  consent: '/docs/personal-data-consent.pdf',
};

const documentLink = (href: string) => (chunks: ReactNode[]) => (
  <a href={href} target="_blank" rel="noopener">
    {chunks}
  </a>
);

/** Every field of SPEC §3 under the shared rules; the server's 422 lands on the same fields and nothing typed is lost. */
export function RegistrationForm() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Joining from a test's page goes back to that test; otherwise to the new account.
  const back = sameSitePath(params.get('next'));
  const lang = useAppSelector(selectLanguage);
  const [register] = useRegisterMutation();
  const schema = useMemo(() => registrationSchema({ lang }), [lang]);

  const verdicts = useServerVerdicts(validateWith(schema));
  return (
    <Formik
      initialValues={EMPTY_REGISTRATION}
      validate={verdicts.validate}
      onSubmit={async (values, helpers) => {
        helpers.setStatus(undefined);
        const birth = parseBirthDate(values.birth_date, lang);
        try {
          const result = await register({ ...values, birth_date: birth ? toIsoDate(birth) : values.birth_date }).unwrap();
          if (result.token) dispatch(signedIn({ token: result.token, userId: result.user.id }));
          navigate(back?.startsWith('/olympiad/tests/') ? back : '/olympiad/account', { replace: true, state: { registered: true } });
        } catch (failure) {
          if (!verdicts.applyServerErrors(failure, values, helpers)) helpers.setStatus(failure);
        }
      }}
    >
      {({ isSubmitting, status, submitCount, isValid, errors, touched }) => (
        // POST, never GET: even without JavaScript the passwords could not end up in the address bar.
        <Form noValidate method="post" className="form registration-form" data-testid="registration-form">
          <BlankFieldsScope id="registration">
            <fieldset>
              <legend>{intl.formatMessage({ id: 'olympiad.register.account' })}</legend>
              <FormField name="login" labelId="olympiad.field.login" autoComplete="username" maxLength={32} />
              <FormField name="email" labelId="olympiad.field.email" type="email" autoComplete="email" maxLength={255} />
              <FormField name="password" labelId="olympiad.field.password" type="password" autoComplete="new-password" maxLength={128} />
              <FormField
                name="password_confirmation"
                labelId="olympiad.field.password_confirmation"
                type="password"
                autoComplete="new-password"
                maxLength={128}
              />
            </fieldset>
            <fieldset>
              <legend>{intl.formatMessage({ id: 'olympiad.register.person' })}</legend>
              <FormField name="full_name" labelId="olympiad.field.full_name" autoComplete="name" maxLength={300} />
              <BirthDateField name="birth_date" />
              <RadioField name="sex" labelId="olympiad.field.sex" options={SEXES} optionPrefix="olympiad.sex" />
            </fieldset>
            <fieldset>
              <legend>{intl.formatMessage({ id: 'olympiad.register.study' })}</legend>
              <FormField name="country" labelId="olympiad.field.country" autoComplete="country-name" maxLength={100} />
              <FormField name="city" labelId="olympiad.field.city" autoComplete="address-level2" maxLength={100} />
              <FormField name="school" labelId="olympiad.field.school" autoComplete="organization" maxLength={255} />
              <SelectField name="category" labelId="olympiad.field.category" options={CATEGORIES} optionPrefix="olympiad.category" emptyId="olympiad.form.choose" />
            </fieldset>
            <fieldset>
              <legend>{intl.formatMessage({ id: 'olympiad.register.more' })}</legend>
              <FormField name="social_link" labelId="olympiad.field.social_link" type="url" inputMode="url" maxLength={255} placeholder="https://vk.com/…" />
              <SelectField
                name="referral_source"
                labelId="olympiad.field.referral_source"
                options={REFERRAL_SOURCES}
                optionPrefix="olympiad.referral"
                emptyId="olympiad.form.choose"
              />
            </fieldset>
            <CheckboxField name="agreement" testId="agreement">
              <FormattedMessage
                id="olympiad.register.agreement"
                values={{ agreement: documentLink(DOCUMENTS.agreement), privacy: documentLink(DOCUMENTS.privacy), consent: documentLink(DOCUMENTS.consent) }}
              />
            </CheckboxField>
            {/* Blank fields are marked and said once here; other mistakes are said under their fields. */}
            <BlankFieldsNotice />
            {submitCount > 0 && !isValid && !hasShownBlank(errors, touched, true) ? (
              <p className="form-error" role="alert" data-testid="form-has-errors">
                {intl.formatMessage({ id: 'olympiad.register.fixErrors' })}
              </p>
            ) : null}
            <ApiErrorText error={status} />
            <button type="submit" className="button button-primary" disabled={isSubmitting} data-testid="register-submit">
              {intl.formatMessage({ id: isSubmitting ? 'olympiad.register.submitting' : 'olympiad.register.submit' })}
            </button>
          </BlankFieldsScope>
        </Form>
      )}
    </Formik>
  );
}
