import type { Language } from '../../../shared/i18n/languages';
import { normalizeEmail } from '../../../shared/validation/contact';
import { parseBirthDate, toIsoDate } from '../../../shared/validation/olympiad-dates';
import { normalizeLink, type PersonalDataInput, type ProfileDataInput } from '../../../shared/validation/olympiad-participant';
import type { Category, ReferralSource, Sex } from '../../../shared/validation/olympiad-options';
import type { ParticipantFields } from './participants-repository';

/** Validated personal data as stored: the date as ISO, the e-mail lower-case. */
export function personalFields(input: PersonalDataInput, lang: Language) {
  const birth = parseBirthDate(input.birth_date, lang);
  if (!birth) throw new Error('birth_date passed validation but does not parse');
  return {
    email: normalizeEmail(input.email),
    fields: {
      login: input.login,
      fullName: input.full_name,
      birthDate: toIsoDate(birth),
      sex: input.sex as Sex,
    } satisfies Partial<ParticipantFields>,
  };
}

/** Validated profile data as stored: a social link always with its scheme. */
export function profileFields(input: ProfileDataInput) {
  return {
    country: input.country,
    city: input.city,
    school: input.school,
    socialLink: input.social_link ? (normalizeLink(input.social_link) ?? '') : '',
    referralSource: input.referral_source as ReferralSource,
    category: input.category as Category,
  } satisfies Partial<ParticipantFields>;
}
