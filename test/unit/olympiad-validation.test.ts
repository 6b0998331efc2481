import { translate } from '../../shared/i18n/translate';
import type { Language } from '../../shared/i18n/languages';
import { changePasswordSchema, deleteAccountSchema, olympiadLoginSchema, recoverRequestSchema } from '../../shared/validation/olympiad-account';
import { ageOn, formatBirthDate, isEligibleAge, parseBirthDate, type CalendarDate } from '../../shared/validation/olympiad-dates';
import { cleanText, normalizeLink, personalDataSchema, profileDataSchema, registrationSchema } from '../../shared/validation/olympiad-participant';
import { runSchema } from '../../shared/validation/run-schema';

/** Registration day in every test: 15 March 2026 (Moscow). */
const TODAY: CalendarDate = { year: 2026, month: 3, day: 15 };

const valid = {
  login: 'masha_2012',
  email: 'masha@example.com',
  password: 'secret1',
  password_confirmation: 'secret1',
  full_name: 'Мария Иванова',
  birth_date: '2012-05-20',
  sex: 'female',
  country: 'Россия',
  city: 'Нижний Новгород',
  school: 'Школа № 1',
  social_link: '',
  referral_source: 'friends',
  category: 'middle',
  agreement: true,
};

/** The first message of each failing field, in the given language (what the form shows). */
async function messages(input: Record<string, unknown>, lang: Language = 'en'): Promise<Record<string, string>> {
  const result = await runSchema(registrationSchema({ lang, today: TODAY }), input);
  if (result.ok) return {};
  return Object.fromEntries(Object.entries(result.errors).map(([field, list]) => [field, translate(lang, list[0].key, list[0].values)]));
}
const fieldMessage = async (change: Record<string, unknown>, field: string, lang: Language = 'en') => (await messages({ ...valid, ...change }, lang))[field];

test('a complete, correct registration passes, in both languages', async () => {
  expect(await messages(valid, 'en')).toEqual({});
  expect(await messages({ ...valid, birth_date: '20.05.2012' }, 'ru')).toEqual({});
  expect(await messages({ ...valid, birth_date: '05.20.2012' }, 'en')).toEqual({});
});

describe('SPEC §5 messages, English verbatim and Russian', () => {
  test('passwords differ', async () => {
    expect(await fieldMessage({ password_confirmation: 'secret2' }, 'password_confirmation')).toBe('The entered passwords do not match.');
    expect(await fieldMessage({ password_confirmation: 'secret2' }, 'password_confirmation', 'ru')).toBe('Введённые пароли не совпадают.');
  });

  test('password shorter than 6 characters', async () => {
    const short = { password: 'abc12', password_confirmation: 'abc12' };
    expect(await fieldMessage(short, 'password')).toBe('Password must be at least 6 characters long.');
    expect(await fieldMessage(short, 'password', 'ru')).toBe('Пароль должен содержать не менее 6 символов.');
    expect(await fieldMessage({ password: 'abc123', password_confirmation: 'abc123' }, 'password')).toBeUndefined();
  });

  test('blank fields: every required field, in both languages', async () => {
    const english = await messages({}, 'en');
    const russian = await messages({}, 'ru');
    for (const field of ['login', 'email', 'password', 'password_confirmation', 'full_name', 'birth_date', 'sex', 'country', 'city', 'school', 'referral_source', 'category']) {
      expect([field, english[field]]).toEqual([field, 'There are blank fields.']);
      expect([field, russian[field]]).toEqual([field, 'Есть незаполненные поля.']);
    }
    expect(english.social_link).toBeUndefined();
    expect(english.agreement).toBe(translate('en', 'olympiad.validation.agreement'));
  });

  test('e-mail', async () => {
    for (const email of ['masha', 'masha@', 'masha@example', 'ma sha@example.com', '@example.com']) {
      expect(await fieldMessage({ email }, 'email')).toBe('The field must contain an email address.');
    }
    expect(await fieldMessage({ email: 'x' }, 'email', 'ru')).toBe('Поле должно содержать адрес электронной почты.');
  });

  test('swear words, in the login, the name, the city, the country and the place of study', async () => {
    expect(await fieldMessage({ login: 'f_u_c_k3r' }, 'login')).toBe('Swear words are prohibited.');
    expect(await fieldMessage({ full_name: 'Иван Пи3дюк' }, 'full_name')).toBe('Swear words are prohibited.');
    expect(await fieldMessage({ city: 'х у й' }, 'city', 'ru')).toBe('Нецензурные выражения запрещены.');
    expect(await fieldMessage({ country: 'Sh1tland' }, 'country')).toBe('Swear words are prohibited.');
    expect(await fieldMessage({ school: 'Школа для с.у.к.и' }, 'school', 'ru')).toBe('Нецензурные выражения запрещены.');
  });

  test('full name: at least first and last name, at most 255 characters, letters only', async () => {
    expect(await fieldMessage({ full_name: 'Мария' }, 'full_name')).toBe('Enter at least your first and last name, separated by a space.');
    expect(await fieldMessage({ full_name: 'Мария' }, 'full_name', 'ru')).toBe('Укажите как минимум имя и фамилию через пробел.');
    // Hidden whitespace does not make a second word.
    expect(await fieldMessage({ full_name: 'Мария\u200B\u00A0' }, 'full_name')).toBe('Enter at least your first and last name, separated by a space.');
    expect(await fieldMessage({ full_name: `Мария ${'и'.repeat(250)}` }, 'full_name')).toBe('The full name must be at most 255 characters long.');
    expect(await fieldMessage({ full_name: `Мария ${'и'.repeat(250)}` }, 'full_name', 'ru')).toBe('ФИО должно быть не длиннее 255 символов.');
    expect(await fieldMessage({ full_name: `Мария ${'и'.repeat(249)}` }, 'full_name')).toBeUndefined();
    expect(await fieldMessage({ full_name: 'Maria 007' }, 'full_name')).toBe(translate('en', 'olympiad.validation.fullNameLetters'));
    for (const name of ["Анна-Мария О'Брайен", 'Jean-Luc Picard', 'Иванов И. И.', 'Алёна Ёлкина']) {
      expect(await fieldMessage({ full_name: name }, 'full_name')).toBeUndefined();
    }
  });

  test('date of birth: MM.DD.YYYY in English, DD.MM.YYYY in Russian', async () => {
    expect(await fieldMessage({ birth_date: '20.05.2012' }, 'birth_date', 'en')).toBe('Enter the date of birth in the format MM.DD.YYYY.');
    expect(await fieldMessage({ birth_date: '05.20.2012' }, 'birth_date', 'ru')).toBe('Введите дату рождения в формате ДД.ММ.ГГГГ.');
    for (const wrong of ['31.02.2012', '2012/05/20', '20-05-2012', '1.5.2012', 'май 2012']) {
      expect(await fieldMessage({ birth_date: wrong }, 'birth_date', 'ru')).toBe('Введите дату рождения в формате ДД.ММ.ГГГГ.');
    }
    expect(parseBirthDate('29.02.2012', 'ru')).toEqual({ year: 2012, month: 2, day: 29 });
    expect(parseBirthDate('29.02.2013', 'ru')).toBeNull();
    expect(parseBirthDate('2012-05-20', 'en')).toEqual({ year: 2012, month: 5, day: 20 });
    expect(formatBirthDate('2012-05-20', 'ru')).toBe('20.05.2012');
    expect(formatBirthDate('2012-05-20', 'en')).toBe('05.20.2012');
  });

  test('age on the registration date: allowed from the 10th birthday, refused from the 19th', async () => {
    const age = 'Sorry, your age does not meet the conditions for participation in the Olympics.';
    const ageRu = 'Извините, ваш возраст не соответствует условиям участия в олимпиаде.';
    // Turns 10 today: allowed. Turns 10 tomorrow: refused.
    expect(await fieldMessage({ birth_date: '03.15.2016' }, 'birth_date', 'en')).toBeUndefined();
    expect(await fieldMessage({ birth_date: '16.03.2016' }, 'birth_date', 'ru')).toBe(ageRu);
    // Turns 19 today: refused. Turns 19 tomorrow (still 18): allowed.
    expect(await fieldMessage({ birth_date: '15.03.2007' }, 'birth_date', 'ru')).toBe(ageRu);
    expect(await fieldMessage({ birth_date: '03.15.2007' }, 'birth_date', 'en')).toBe(age);
    expect(await fieldMessage({ birth_date: '16.03.2007' }, 'birth_date', 'ru')).toBeUndefined();
    // A date in the future is not an age either.
    expect(await fieldMessage({ birth_date: '2027-01-01' }, 'birth_date')).toBe(age);
  });

  test('a 29 February birthday counts on 28 February in other years', () => {
    const leapling = { year: 2016, month: 2, day: 29 };
    expect(ageOn(leapling, { year: 2026, month: 2, day: 27 })).toBe(9);
    expect(ageOn(leapling, { year: 2026, month: 2, day: 28 })).toBe(10);
    expect(isEligibleAge(leapling, { year: 2026, month: 2, day: 28 })).toBe(true);
    expect(ageOn(leapling, { year: 2028, month: 2, day: 28 })).toBe(11);
    expect(ageOn(leapling, { year: 2028, month: 2, day: 29 })).toBe(12);
  });

  test('sex, category and referral source are one of their choices', async () => {
    expect(await fieldMessage({ sex: 'other' }, 'sex')).toBe(translate('en', 'validation.enum'));
    expect(await fieldMessage({ category: 'adult' }, 'category', 'ru')).toBe(translate('ru', 'validation.enum'));
    expect(await fieldMessage({ referral_source: 'tv' }, 'referral_source')).toBe(translate('en', 'validation.enum'));
  });

  test('login: Latin letters first, then letters, digits, dots, hyphens, underscores; 3 to 32 characters', async () => {
    const format = translate('en', 'olympiad.validation.loginFormat');
    for (const login of ['9lives', 'маша', 'ma sha', 'masha@home', '_masha']) expect(await fieldMessage({ login }, 'login')).toBe(format);
    expect(await fieldMessage({ login: 'ab' }, 'login')).toBe('At least 3 characters.');
    expect(await fieldMessage({ login: 'a'.repeat(33) }, 'login')).toBe('At most 32 characters.');
    expect(await fieldMessage({ login: ' masha.k-12 ' }, 'login')).toBeUndefined();
  });

  test('social link is optional, and a real http(s) address when given', async () => {
    expect(await fieldMessage({ social_link: 'vk.com/masha' }, 'social_link')).toBeUndefined();
    for (const link of ['not a link', 'javascript:alert(1)', 'ftp://example.com', 'localhost/x', 'https://user:pw@vk.com/x']) {
      expect(await fieldMessage({ social_link: link }, 'social_link')).toBe(translate('en', 'olympiad.validation.link'));
    }
    expect(normalizeLink('vk.com/masha')).toBe('https://vk.com/masha');
  });

  test('the agreement must be accepted', async () => {
    const text = translate('en', 'olympiad.validation.agreement');
    expect(await fieldMessage({ agreement: false }, 'agreement')).toBe(text);
    expect(await fieldMessage({ agreement: undefined }, 'agreement')).toBe(text);
  });
});

describe('hidden whitespace', () => {
  test('is removed from names and places, and a field of nothing but whitespace is blank', async () => {
    expect(cleanText('\u00A0 Мария\u2003\u2003Иванова\u200B\t')).toBe('Мария Иванова');
    for (const field of ['login', 'full_name', 'city', 'country', 'school', 'email']) {
      expect([field, await fieldMessage({ [field]: ' \u200B\u00A0\u2009\t\n' }, field)]).toEqual([field, 'There are blank fields.']);
    }
    expect(await fieldMessage({ password: '\u200B      ', password_confirmation: '\u200B      ' }, 'password')).toBe('There are blank fields.');
  });

  test('the validated value is the cleaned one (what the server stores)', async () => {
    const result = await runSchema(registrationSchema({ lang: 'ru', today: TODAY }), { ...valid, full_name: ' Мария\u00A0 Иванова\u200B', city: '\tКазань ' });
    expect(result.ok && result.value).toMatchObject({ full_name: 'Мария Иванова', city: 'Казань' });
  });
});

describe('the account forms share the rules', () => {
  test('personal data and profile data use the registration rules', async () => {
    const personal = await runSchema(personalDataSchema({ lang: 'en', today: TODAY }), { login: 'masha', email: 'x', full_name: 'Мария', birth_date: '2000-01-01', sex: '' });
    expect(personal.ok).toBe(false);
    if (!personal.ok) {
      expect(Object.fromEntries(Object.entries(personal.errors).map(([f, l]) => [f, l[0].key]))).toEqual({
        email: 'validation.email',
        full_name: 'olympiad.validation.fullNameWords',
        birth_date: 'olympiad.validation.age',
        sex: 'validation.blank',
      });
    }
    const profile = await runSchema(profileDataSchema({ lang: 'ru' }), { country: 'Россия', city: 'Бляdьгород', school: 'Лицей', social_link: '', referral_source: 'school', category: 'senior' });
    expect(!profile.ok && profile.errors.city[0].key).toBe('olympiad.validation.profanity');
  });

  test('sign-in, recovery, password change and deletion', async () => {
    const login = await runSchema(olympiadLoginSchema, { login: ' ', password: '' });
    expect(!login.ok && Object.keys(login.errors).sort()).toEqual(['login', 'password']);
    const recover = await runSchema(recoverRequestSchema, { email: 'nope' });
    expect(!recover.ok && recover.errors.email[0].key).toBe('validation.email');
    const change = await runSchema(changePasswordSchema, { current_password: 'old-one', password: 'new-one', password_confirmation: 'new-two' });
    expect(!change.ok && change.errors.password_confirmation[0].key).toBe('olympiad.validation.passwordsDiffer');
    const remove = await runSchema(deleteAccountSchema, { password: '' });
    expect(!remove.ok && remove.errors.password[0].key).toBe('validation.blank');
  });
});
