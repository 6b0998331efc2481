import { eq } from 'drizzle-orm';
import { olympiadParticipants, users } from '../../../server/db/schema';
import { toIsoDate } from '../../../shared/validation/olympiad-dates';
import en from '../../../src/locales/en.json';
import ru from '../../../src/locales/ru.json';
import { bearer, createTestApp, SETUP_TIMEOUT, signIn, type TestContext } from '../helpers/test-app';
import { nextIp, register, validRegistration, yearsAgo } from './olympiad-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ publicUrl: 'https://olymp.example.org' });
}, SETUP_TIMEOUT);
afterAll(() => ctx?.close());

const post = (payload: object, lang = 'en', headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/v1/olympiad/register', payload, headers: { 'accept-language': lang, ...headers }, remoteAddress: nextIp() });

/** The first message of every field of a 422. */
async function fieldErrors(payload: object, lang = 'en'): Promise<Record<string, string>> {
  const res = await post(payload, lang);
  expect(res.statusCode).toBe(422);
  const errors = res.json().errors as Record<string, string[]>;
  return Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list[0]]));
}

const pad = (n: number) => String(n).padStart(2, '0');

describe('registration', () => {
  test('creates the account, signs in with a bearer token and sends the verification letter', async () => {
    const body = validRegistration({ email: 'New.Pupil@Example.COM', social_link: 'vk.com/new_pupil' });
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(json.data).toMatchObject({
      id: json.user.id,
      login: body.login,
      email: 'new.pupil@example.com',
      confirmed_email: null,
      full_name: 'Мария Иванова',
      birth_date: body.birth_date,
      social_link: 'https://vk.com/new_pupil',
      email_status: 'letter_sent',
      email_verified_at: null,
    });
    expect(json.data.resend_in).toBeGreaterThan(25);
    expect(res.body).not.toContain(body.password);

    const [row] = await ctx.database.db.select().from(olympiadParticipants).where(eq(olympiadParticipants.userId, json.user.id));
    expect(row.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]{80,}$/);
    expect(row.passwordHash).not.toContain(body.password);
    // The address is the account's only once the letter's link is followed.
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, json.user.id));
    expect(user).toMatchObject({ email: null, pendingEmail: 'new.pupil@example.com' });

    const letter = ctx.letters.find((l) => l.to === 'new.pupil@example.com')!;
    expect(letter.subject).toBe(en['olympiad.mail.verify.subject']);
    expect(letter.text).toMatch(/https:\/\/olymp\.example\.org\/olympiad\/verify\?token=[A-Za-z0-9_-]{40,}/);
    expect(letter.text).not.toContain(body.password);

    // The same bearer tokens as the marketplace: the token opens both areas.
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/olympiad/me', headers: bearer(json.token) })).json().data.login).toBe(body.login);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/profile', headers: bearer(json.token) })).json().data).toMatchObject({
      email: null,
      pending_email: 'new.pupil@example.com',
    });
  });

  test('every field left empty: "There are blank fields." on each, in English and in Russian', async () => {
    const required = ['login', 'email', 'password', 'password_confirmation', 'full_name', 'birth_date', 'sex', 'country', 'city', 'school', 'referral_source', 'category'];
    const english = await fieldErrors({});
    for (const field of required) expect([field, english[field]]).toEqual([field, 'There are blank fields.']);
    expect(english.agreement).toBe(en['olympiad.validation.agreement']);
    expect(english.social_link).toBeUndefined();

    const russian = await fieldErrors(Object.fromEntries(required.map((f) => [f, ''])), 'ru');
    for (const field of required) expect([field, russian[field]]).toEqual([field, 'Есть незаполненные поля.']);
    expect(russian.agreement).toBe(ru['olympiad.validation.agreement']);
  });

  test('hidden whitespace is blank, and is trimmed from what is stored', async () => {
    const blank = await fieldErrors(validRegistration({ full_name: '\u200B \u00A0\t', login: ' \u2009 ', password: '      ', password_confirmation: '      ' }));
    expect(blank.full_name).toBe('There are blank fields.');
    expect(blank.login).toBe('There are blank fields.');
    expect(blank.password).toBe('There are blank fields.');

    const padded = validRegistration({ full_name: '  Мария\u00A0\u00A0Иванова\u200B ', city: ' Казань\t', login: undefined });
    const login = `  padded${Date.now() % 100000}\u200B `;
    const res = await post({ ...padded, login });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ full_name: 'Мария Иванова', city: 'Казань', login: login.replace(/[\s\u200B]/g, '') });
  });

  test('the messages of SPEC §5, English verbatim and Russian', async () => {
    const cases: Array<[Partial<ReturnType<typeof validRegistration>>, string, string, string]> = [
      [{ password: 'abc12', password_confirmation: 'abc12' }, 'password', 'Password must be at least 6 characters long.', 'Пароль должен содержать не менее 6 символов.'],
      [{ password_confirmation: 'secret-pass2' }, 'password_confirmation', 'The entered passwords do not match.', 'Введённые пароли не совпадают.'],
      [{ email: 'not-an-email' }, 'email', 'The field must contain an email address.', 'Поле должно содержать адрес электронной почты.'],
      [{ email: 'two@@example.com' }, 'email', 'The field must contain an email address.', 'Поле должно содержать адрес электронной почты.'],
      [{ full_name: 'Мария' }, 'full_name', en['olympiad.validation.fullNameWords'], ru['olympiad.validation.fullNameWords']],
      [{ full_name: `Мария ${'И'.repeat(250)}` }, 'full_name', 'The full name must be at most 255 characters long.', 'ФИО должно быть не длиннее 255 символов.'],
      [{ full_name: 'Мария 2Иванова' }, 'full_name', en['olympiad.validation.fullNameLetters'], ru['olympiad.validation.fullNameLetters']],
      [{ login: 'fuck_master' }, 'login', 'Swear words are prohibited.', 'Нецензурные выражения запрещены.'],
      [{ full_name: 'Иван Х.у.йлов' }, 'full_name', 'Swear words are prohibited.', 'Нецензурные выражения запрещены.'],
      [{ city: 'П1здец' }, 'city', 'Swear words are prohibited.', 'Нецензурные выражения запрещены.'],
      [{ school: 'школа для сук@' }, 'school', 'Swear words are prohibited.', 'Нецензурные выражения запрещены.'],
      [{ login: '9lives' }, 'login', en['olympiad.validation.loginFormat'], ru['olympiad.validation.loginFormat']],
      [{ login: 'ученик' }, 'login', en['olympiad.validation.loginFormat'], ru['olympiad.validation.loginFormat']],
      [{ social_link: 'not a link' }, 'social_link', en['olympiad.validation.link'], ru['olympiad.validation.link']],
      [{ social_link: 'javascript://alert(1)' }, 'social_link', en['olympiad.validation.link'], ru['olympiad.validation.link']],
      [{ sex: 'other' }, 'sex', en['validation.enum'], ru['validation.enum']],
      [{ category: 'adult' }, 'category', en['validation.enum'], ru['validation.enum']],
      [{ birth_date: toIsoDate(yearsAgo(25)) }, 'birth_date', 'Sorry, your age does not meet the conditions for participation in the Olympics.', ru['olympiad.validation.age']],
      [{ birth_date: '31.02.2012' }, 'birth_date', 'Enter the date of birth in the format MM.DD.YYYY.', 'Введите дату рождения в формате ДД.ММ.ГГГГ.'],
      [{ birth_date: 'yesterday' }, 'birth_date', 'Enter the date of birth in the format MM.DD.YYYY.', 'Введите дату рождения в формате ДД.ММ.ГГГГ.'],
      [{ agreement: false }, 'agreement', en['olympiad.validation.agreement'], ru['olympiad.validation.agreement']],
    ];
    for (const [change, field, english, russian] of cases) {
      expect([field, (await fieldErrors(validRegistration(change), 'en'))[field]]).toEqual([field, english]);
      expect([field, (await fieldErrors(validRegistration(change), 'ru'))[field]]).toEqual([field, russian]);
    }
  });

  test('the date of birth is MM.DD.YYYY in English, DD.MM.YYYY in Russian, ISO in either', async () => {
    const { year } = yearsAgo(12);
    const iso = `${year}-03-20`;
    const english = await post(validRegistration({ birth_date: `03.20.${year}` }), 'en');
    expect(english.statusCode).toBe(201);
    expect(english.json().data.birth_date).toBe(iso);
    const russian = await post(validRegistration({ birth_date: `20.03.${year}` }), 'ru');
    expect(russian.statusCode).toBe(201);
    expect(russian.json().data.birth_date).toBe(iso);
    for (const lang of ['en', 'ru']) expect((await post(validRegistration({ birth_date: iso }), lang)).statusCode).toBe(201);
    // The other language's order is refused, not silently misread.
    expect((await fieldErrors(validRegistration({ birth_date: `20.03.${year}` }), 'en')).birth_date).toBe(en['olympiad.validation.birthDateFormat']);
    expect((await fieldErrors(validRegistration({ birth_date: `03.20.${year}` }), 'ru')).birth_date).toBe(ru['olympiad.validation.birthDateFormat']);
  });

  test('age on the registration date: 10 on the 10th birthday, no longer 18 on the 19th', async () => {
    const asText = (d: { year: number; month: number; day: number }) => `${pad(d.day)}.${pad(d.month)}.${d.year}`;
    expect((await post(validRegistration({ birth_date: asText(yearsAgo(10)) }), 'ru')).statusCode).toBe(201);
    expect((await post(validRegistration({ birth_date: toIsoDate(yearsAgo(19, 1)) }))).statusCode).toBe(201);
    const age = 'Sorry, your age does not meet the conditions for participation in the Olympics.';
    expect((await fieldErrors(validRegistration({ birth_date: toIsoDate(yearsAgo(10, 1)) }))).birth_date).toBe(age);
    expect((await fieldErrors(validRegistration({ birth_date: toIsoDate(yearsAgo(19)) }))).birth_date).toBe(age);
  });

  test('a login taken in any case is a 422 that offers signing in or recovering; an e-mail in use is not told', async () => {
    const first = await register(ctx, { login: `Twin${Date.now() % 100000}`, email: `twin${Date.now() % 100000}@example.com` });
    const sameLogin = await fieldErrors(validRegistration({ login: first.body.login!.toLowerCase() }), 'ru');
    expect(sameLogin).toEqual({ login: ru['olympiad.errors.loginTaken'] });
    expect(en['olympiad.errors.loginTaken']).toMatch(/sign in or recover/);
    // Someone else's address (even waiting for its letter) registers like any other: the answer says nothing of it.
    const sameEmail = await post(validRegistration({ email: first.body.email!.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(201);
    expect(sameEmail.json().data).toMatchObject({ email: first.body.email, confirmed_email: null, email_status: 'letter_sent' });
  });

  test('two registrations racing for one login: one wins, the other gets 422 on the login', async () => {
    const login = `race${Date.now() % 100000}`;
    const results = await Promise.all([post(validRegistration({ login })), post(validRegistration({ login: login.toUpperCase() }))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.statusCode === 422)!.json().errors).toEqual({ login: [en['olympiad.errors.loginTaken']] });
  });

  test('a signed-in user who registers with their own e-mail joins with that account; another e-mail is a new account', async () => {
    const market = await signIn(ctx, 'market.user@example.com', { ip: nextIp() });
    const joined = await post(validRegistration({ email: 'Market.User@Example.com' }), 'en', bearer(market.token));
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toMatchObject({ token: null, user: { id: market.userId }, data: { email: 'market.user@example.com' } });
    const again = await post(validRegistration({ email: 'market.user@example.com' }), 'en', bearer(market.token));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(en['olympiad.errors.alreadyRegistered']);

    // A parent signed in to the marketplace registers a child: a separate account.
    const parent = await signIn(ctx, 'parent@example.com', { ip: nextIp() });
    const child = await post(validRegistration(), 'en', bearer(parent.token));
    expect(child.statusCode).toBe(201);
    expect(child.json().user.id).not.toBe(parent.userId);
    expect(child.json().token).toEqual(expect.any(String));
  });

  test('registering with the e-mail of an existing account: the same answer as any registration, the owner gets a note, never a link', async () => {
    const owner = await signIn(ctx, 'owner@example.com', { ip: nextIp() });
    const since = ctx.letters.length;
    const res = await post(validRegistration({ email: 'OWNER@example.com' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().user.id).not.toBe(owner.userId);
    expect(res.json().data).toMatchObject({ email: 'owner@example.com', confirmed_email: null, email_status: 'letter_sent' });
    const letters = ctx.letters.slice(since).filter((l) => l.to === 'owner@example.com');
    expect(letters.map((l) => l.subject)).toEqual([en['olympiad.mail.alreadyOwned.subject']]);
    expect(letters[0].text).toContain('https://olymp.example.org/olympiad/login');
    expect(letters[0].text).not.toMatch(/verify\?token=/);
    // The owner's account keeps its address; the new one has none.
    const profile = await ctx.app.inject({ method: 'GET', url: '/v1/profile', headers: bearer(owner.token) });
    expect(profile.json().data.email).toBe('owner@example.com');
  });
});
