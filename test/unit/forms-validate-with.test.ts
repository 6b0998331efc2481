import * as yup from 'yup';
import { msg } from '../../shared/validation/message';
import { validateWith } from '../../src/components/forms/validate-with';

const required = msg('validation.required');
const schema = yup.object({
  title: yup.string().required(required),
  nickname: yup.string().min(3, msg('validation.minLength', { min: 3 })),
  items: yup.array(yup.object({ text: yup.string().required(required) })).min(1, msg('validation.required')),
});

test('a rule passed: no errors', async () => {
  await expect(validateWith(schema)({ title: 'A', items: [{ text: 'x' }] })).resolves.toEqual({});
});

test('errors land on their fields, nested paths as formik looks them up, first message of each, as catalogue keys', async () => {
  const errors = await validateWith(schema)({ title: '', items: [{ text: 'x' }, { text: '' }] });
  expect(errors).toEqual({ title: required, items: [undefined, { text: required }] });
});

test('without toBody empty text counts as absent, as formik validationSchema read it', async () => {
  // An optional nickname left empty is no nickname, not a too-short one.
  await expect(validateWith(schema)({ title: 'A', nickname: '', items: [{ text: 'x' }] })).resolves.toEqual({});
});

test('with toBody the rule checks what goes to the API, errors under the same names', async () => {
  const toBody = (values: { title: string; count: string }) => ({ title: values.title.trim(), items: Array.from({ length: Number(values.count) }, () => ({ text: '' })) });
  const errors = await validateWith(schema, toBody)({ title: '   ', count: '1' });
  expect(errors).toEqual({ title: required, items: [{ text: required }] });
});
