import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS, OTP_TTL_SECONDS, requestCodeSchema, verifyCodeSchema } from '../../shared/validation/auth';
import {
  contactKind,
  isEmail,
  isPhone,
  normalizeContact,
  normalizeEmail,
  normalizePhone,
} from '../../shared/validation/contact';
import { isValidationMessage, msg } from '../../shared/validation/message';
import { PROFILE_ABOUT_MAX, PROFILE_NAME_MAX, profileSchema } from '../../shared/validation/profile';
import { runSchema } from '../../shared/validation/run-schema';

describe('contact detection', () => {
  test.each([
    ['user@example.com', 'email'],
    ['first.last+tag@sub.example.co.uk', 'email'],
    ['  spaced@example.com  ', 'email'],
    ['ÜBER@пример.рф', 'email'],
    ['+79001234567', 'phone'],
    ['+7 (900) 123-45-67', 'phone'],
    ['8 900 123 45 67', 'phone'],
    ['79001234567', 'phone'],
    ['+442071838750', 'phone'],
    ['+123456789012345', 'phone'],
  ] as const)('%p is an %s', (value, kind) => {
    expect(contactKind(value)).toBe(kind);
  });

  test.each([
    [''],
    ['   '],
    ['plainaddress'],
    ['@example.com'],
    ['user@'],
    ['user@example'],
    ['user@example.c'],
    ['two words@example.com'],
    ['a@b@example.com'],
    ['123456789'],
    ['+1234567890123456'],
    ['+7 900 ABC 45 67'],
    ['+7.900.123.45.67'],
  ])('%p is neither', (value) => {
    expect(contactKind(value)).toBeNull();
    expect(isEmail(value) && isPhone(value)).toBe(false);
  });
});

describe('normalisation', () => {
  test('e-mail addresses are trimmed and lower-cased', () => {
    expect(normalizeEmail('  User.Name@Example.COM ')).toBe('user.name@example.com');
  });

  test.each([
    ['+7 (900) 123-45-67', '+79001234567'],
    ['8 900 123 45 67', '+79001234567'],
    ['89001234567', '+79001234567'],
    ['79001234567', '+79001234567'],
    ['+79001234567', '+79001234567'],
    ['+44 20 7183 8750', '+442071838750'],
  ])('phone %p becomes %p', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  test('normalizeContact picks the rule by the kind of address', () => {
    expect(normalizeContact(' Mail@Example.com ')).toBe('mail@example.com');
    expect(normalizeContact('8 (900) 123-45-67')).toBe('+79001234567');
  });

  test('every spelling of one number normalises to the same key', () => {
    const spellings = ['+7 900 123-45-67', '8 (900) 123 45 67', '79001234567', '+7(900)1234567'];
    expect(new Set(spellings.map(normalizeContact))).toEqual(new Set(['+79001234567']));
  });
});

describe('sign-in rules', () => {
  test('the constants the SPA and the server share', () => {
    expect({ OTP_LENGTH, OTP_TTL_SECONDS, OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS }).toEqual({
      OTP_LENGTH: 6,
      OTP_TTL_SECONDS: 300,
      OTP_MAX_ATTEMPTS: 5,
      OTP_RESEND_SECONDS: 30,
    });
  });

  test('requestCodeSchema accepts an e-mail or a phone and trims it', async () => {
    expect(await runSchema(requestCodeSchema, { address: '  a@example.com ' })).toEqual({ ok: true, value: { address: 'a@example.com' } });
    expect(await runSchema(requestCodeSchema, { address: '+7 900 123-45-67' })).toEqual({
      ok: true,
      value: { address: '+7 900 123-45-67' },
    });
  });

  test('requestCodeSchema refuses a missing, blank, too long or unrecognisable address with catalogue keys', async () => {
    expect(await runSchema(requestCodeSchema, {})).toEqual({ ok: false, errors: { address: [msg('validation.required')] } });
    expect(await runSchema(requestCodeSchema, { address: '  ' })).toEqual({ ok: false, errors: { address: [msg('validation.required')] } });
    expect(await runSchema(requestCodeSchema, { address: 'nobody' })).toEqual({
      ok: false,
      errors: { address: [msg('validation.emailOrPhone')] },
    });
    const long = await runSchema(requestCodeSchema, { address: `${'a'.repeat(250)}@example.com` });
    expect(long.ok).toBe(false);
    if (!long.ok) expect(long.errors.address).toContainEqual(msg('validation.maxLength', { max: 255 }));
  });

  test('verifyCodeSchema wants exactly six digits', async () => {
    const ok = await runSchema(verifyCodeSchema, { address: 'a@example.com', code: ' 012345 ' });
    expect(ok).toEqual({ ok: true, value: { address: 'a@example.com', code: '012345' } });
    for (const code of ['12345', '1234567', '12a456', '12 456', '']) {
      const result = await runSchema(verifyCodeSchema, { address: 'a@example.com', code });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(Object.keys(result.errors)).toEqual(['code']);
    }
  });

  test('runSchema reports every failing field at once and drops unknown ones', async () => {
    const result = await runSchema(verifyCodeSchema, { address: '', code: 'x', extra: 1 });
    expect(result).toEqual({
      ok: false,
      errors: { address: [msg('validation.required')], code: [msg('validation.code')] },
    });
    const stripped = await runSchema(requestCodeSchema, { address: 'a@example.com', role: 'admin' });
    expect(stripped).toEqual({ ok: true, value: { address: 'a@example.com' } });
  });
});

describe('profile rules', () => {
  const valid = { name: 'Иван', email: 'ivan@example.com', phone: '+79001234567', about: 'О себе' };

  test('a complete profile passes, trimmed, with defaults for what is missing', async () => {
    expect(await runSchema(profileSchema, { ...valid, name: '  Иван  ' })).toEqual({ ok: true, value: valid });
    expect(await runSchema(profileSchema, { name: 'Иван' })).toEqual({
      ok: true,
      value: { name: 'Иван', email: '', phone: '', about: '' },
    });
  });

  test('the name is required and at most 255 characters', async () => {
    expect(PROFILE_NAME_MAX).toBe(255);
    expect(await runSchema(profileSchema, { ...valid, name: '   ' })).toEqual({ ok: false, errors: { name: [msg('validation.required')] } });
    expect((await runSchema(profileSchema, { ...valid, name: 'x'.repeat(255) })).ok).toBe(true);
    expect(await runSchema(profileSchema, { ...valid, name: 'x'.repeat(256) })).toEqual({
      ok: false,
      errors: { name: [msg('validation.maxLength', { max: 255 })] },
    });
  });

  test('about is at most 1000 characters', async () => {
    expect(PROFILE_ABOUT_MAX).toBe(1000);
    expect((await runSchema(profileSchema, { ...valid, about: 'x'.repeat(1000) })).ok).toBe(true);
    expect(await runSchema(profileSchema, { ...valid, about: 'x'.repeat(1001) })).toEqual({
      ok: false,
      errors: { about: [msg('validation.maxLength', { max: 1000 })] },
    });
  });

  test('e-mail and phone are optional but must be well formed when given', async () => {
    expect((await runSchema(profileSchema, { ...valid, email: '', phone: '' })).ok).toBe(true);
    expect(await runSchema(profileSchema, { ...valid, email: 'ivan@' })).toEqual({ ok: false, errors: { email: [msg('validation.email')] } });
    expect(await runSchema(profileSchema, { ...valid, phone: '123' })).toEqual({ ok: false, errors: { phone: [msg('validation.phone')] } });
  });
});

describe('validation messages', () => {
  test('travel as catalogue keys with values', () => {
    expect(msg('validation.maxLength', { max: 5 })).toEqual({ key: 'validation.maxLength', values: { max: 5 } });
    expect(isValidationMessage(msg('x'))).toBe(true);
    expect(isValidationMessage('validation.required')).toBe(false);
    expect(isValidationMessage(null)).toBe(false);
  });
});
