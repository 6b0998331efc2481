import { runSchema } from '../../../shared/validation/run-schema';
import { decisionSchema, workFieldsSchema, workFileRefusal } from '../../../shared/validation/olympiad-works';
import { WORK_IMAGE_MAX_BYTES, WORK_PDF_MAX_BYTES } from '../../../shared/validation/olympiad-works-rules';

/** The rules the upload form and the server share (shared/validation/olympiad-works.ts). */

test('a file is judged by what its first bytes say and the limit of that kind', () => {
  expect(workFileRefusal('image/png', WORK_IMAGE_MAX_BYTES)).toBeNull();
  expect(workFileRefusal('image/jpeg', 1)).toBeNull();
  expect(workFileRefusal('application/pdf', WORK_PDF_MAX_BYTES)).toBeNull();
  expect(workFileRefusal('image/png', WORK_IMAGE_MAX_BYTES + 1)).toEqual({ key: 'olympiadWorks.errors.fileTooLarge', values: { max: 10 } });
  expect(workFileRefusal('application/pdf', WORK_PDF_MAX_BYTES + 1)).toEqual({ key: 'olympiadWorks.errors.fileTooLarge', values: { max: 5 } });
  for (const type of ['image/webp', null] as const) expect(workFileRefusal(type, 100)).toEqual({ key: 'olympiadWorks.errors.fileFormat', values: undefined });
  expect(workFileRefusal('image/png', 0)?.key).toBe('olympiadWorks.errors.fileFormat');
});

test('a title and a description are required, blanks do not count', async () => {
  const result = await runSchema(workFieldsSchema, { title: '  ', description: undefined });
  expect(result).toEqual({ ok: false, errors: { title: [{ key: 'olympiadWorks.errors.blank' }], description: [{ key: 'olympiadWorks.errors.blank' }] } });
  expect(await runSchema(workFieldsSchema, { title: ' Кот ', description: 'Гуашь' })).toEqual({ ok: true, value: { title: 'Кот', description: 'Гуашь' } });
});

test('a rejection needs a reason from the list, and `other` a written one', async () => {
  expect((await runSchema(decisionSchema, { decision: 'approved' })).ok).toBe(true);
  expect(await runSchema(decisionSchema, { decision: 'rejected' })).toMatchObject({ ok: false, errors: { reason_code: [{ key: 'olympiadWorks.errors.reasonRequired' }] } });
  expect(await runSchema(decisionSchema, { decision: 'rejected', reason_code: 'other', reason: ' ' })).toMatchObject({ ok: false, errors: { reason: [{ key: 'olympiadWorks.errors.reasonTextRequired' }] } });
  expect((await runSchema(decisionSchema, { decision: 'rejected', reason_code: 'off_topic' })).ok).toBe(true);
});
