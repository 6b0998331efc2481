import { emptyFields, perField, toBody } from '../../src/features/admin-broadcasts/broadcast-fields';
import { runSchema } from '../../shared/validation/run-schema';
import { broadcastSchema } from '../../shared/validation/admin-broadcasts';

const filled = { ...emptyFields(), title_ru: 'Ярмарка', body_ru: 'В субботу', title_en: 'Fair', body_en: 'On Saturday' };

test('ids typed by hand become the audience the API reads; anything not a number is refused by the shared rule on its field', async () => {
  expect(toBody({ ...filled, kind: 'users', user_ids: '12, 7;12  3' }).audience).toMatchObject({ kind: 'users', user_ids: [12, 7, 12, 3] });
  const parsed = await runSchema(broadcastSchema, toBody({ ...filled, kind: 'users', user_ids: '12, 7;12  3' }));
  expect(parsed.ok && parsed.value.audience.user_ids).toEqual([12, 7, 3]);
  const typo = await runSchema(broadcastSchema, toBody({ ...filled, kind: 'user', user_id: '12a' }));
  expect(typo.ok ? null : Object.keys(perField(typo.errors))).toEqual(['user_id']);
});

test('messages land on the form’s fields: nested audience paths on their input, the audience as a whole on the picker', () => {
  expect(perField({ 'audience.user_ids[1]': ['a'], audience: ['b'], send_at: ['c'], title_en: ['d'] })).toEqual({ user_ids: 'a', kind: 'b', send_at: 'c', title_en: 'd' });
});

test('now sends no time; a time ahead is kept, one in the past is refused with its own message', async () => {
  expect(toBody(filled).send_at).toBeNull();
  const past = await runSchema(broadcastSchema, toBody({ ...filled, when: 'later', send_at: '2020-01-01T10:00' }));
  expect(past.ok ? null : past.errors.send_at).toEqual([{ key: 'admin.broadcasts.errors.pastSchedule', values: undefined }]);
  const ahead = await runSchema(broadcastSchema, toBody({ ...filled, when: 'later', send_at: '2099-01-01T10:00' }));
  expect(ahead.ok).toBe(true);
});
