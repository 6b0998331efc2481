import { act, fireEvent, screen } from '@testing-library/react';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { msg } from '../../shared/validation/message';
import { FormField } from '../../src/components/forms/form-field';
import { serverFieldErrors, toFormikErrors } from '../../src/components/forms/server-errors';
import { standingVerdicts, useServerVerdicts, withVerdicts } from '../../src/components/forms/use-server-verdicts';
import { validateWith } from '../../src/components/forms/validate-with';
import { renderScreen } from './support/render';

const refusal = (errors: Record<string, string[]>) => ({ status: 422, data: { message: 'The given data was invalid.', errors } });

describe('serverFieldErrors and toFormikErrors', () => {
  test('the first message of each field of a 422; nothing for other failures', () => {
    expect(serverFieldErrors(refusal({ title: ['Taken.', 'Too long.'], 'items.0.text': ['Empty.'] }))).toEqual({ title: 'Taken.', 'items.0.text': 'Empty.' });
    expect(serverFieldErrors({ status: 500, data: { message: 'Oops' } })).toBeNull();
    expect(serverFieldErrors({ status: 'FETCH_ERROR', error: 'offline' })).toBeNull();
    expect(serverFieldErrors(refusal({}))).toBeNull();
  });

  test('flat and nested paths, dotted (the server) or bracketed (a rule), land where formik fields look', () => {
    expect(toFormikErrors({ title: 'Taken.', 'items.1.text': 'Empty.', 'answers[0].text': 'Bad.' })).toEqual({
      title: 'Taken.',
      items: [undefined, { text: 'Empty.' }],
      answers: [{ text: 'Bad.' }],
    });
  });
});

describe('verdicts', () => {
  const values = { title: 'Bike', items: [{ text: 'a' }] };
  const verdicts = [
    { path: 'title', message: 'Taken.', value: 'Bike' },
    { path: 'items.0.text', message: 'Rude.', value: 'a' },
  ];

  test('a verdict stands while its field holds the refused value', () => {
    expect(standingVerdicts(verdicts, values)).toEqual(verdicts);
    expect(standingVerdicts(verdicts, { ...values, title: 'Bicycle' })).toEqual([verdicts[1]]);
    expect(standingVerdicts(verdicts, { ...values, items: [{ text: 'b' }] })).toEqual([verdicts[0]]);
  });

  test('the client rule speaks first on a field; verdicts fill the others, nested too', () => {
    expect(withVerdicts({ title: 'Client says' }, verdicts)).toEqual({ title: 'Client says', items: [{ text: 'Rude.' }] });
  });
});

interface Values {
  title: string;
  note: string;
  items: { text: string }[];
}

const schema = yup.object({ title: yup.string().required(msg('validation.required')), note: yup.string(), items: yup.array(yup.object({ text: yup.string() })) });

function Editor({ save }: { save: (values: Values) => Promise<unknown> }) {
  const verdicts = useServerVerdicts(validateWith<Values>(schema, (values) => values));
  return (
    <Formik<Values>
      initialValues={{ title: 'Bike', note: '', items: [{ text: 'a' }] }}
      validate={verdicts.validate}
      onSubmit={async (values, helpers) => {
        try {
          await save(values);
        } catch (failure) {
          if (!verdicts.applyServerErrors(failure, values, helpers)) helpers.setStatus('other');
        }
      }}
    >
      {({ status }) => (
        <Form noValidate>
          <FormField name="title" labelId="catalog.ui.form.title" />
          <FormField name="note" label="Note" />
          <FormField name="items.0.text" label="Item 1" />
          {status ? <p>{status}</p> : null}
          <button type="submit">Send</button>
        </Form>
      )}
    </Formik>
  );
}

const submit = () => act(async () => fireEvent.click(screen.getByText('Send')));
const alerts = () => screen.queryAllByRole('alert').map((node) => node.textContent);
const change = (label: string, value: string) => act(async () => fireEvent.change(screen.getByLabelText(label), { target: { value } }));
const blur = (label: string) => act(async () => fireEvent.blur(screen.getByLabelText(label)));

test('a 422 shows on its fields, flat and nested, and stays through blurs, other fields changing and a second submit', async () => {
  const save = jest.fn().mockRejectedValue(refusal({ title: ['This title is taken.'], 'items.0.text': ['Rude word.'] }));
  renderScreen(<Editor save={save} />);
  await submit();
  expect(alerts()).toEqual(['This title is taken.', 'Rude word.']);
  await blur('Title');
  await change('Note', 'something');
  expect(alerts()).toEqual(['This title is taken.', 'Rude word.']);
  // Unchanged fields are refused again without asking the server.
  await submit();
  expect(save).toHaveBeenCalledTimes(1);
  expect(alerts()).toEqual(['This title is taken.', 'Rude word.']);
});

test('changing the field clears its verdict for good; the client rule takes over, the other verdict stays', async () => {
  renderScreen(<Editor save={jest.fn().mockRejectedValue(refusal({ title: ['This title is taken.'], 'items.0.text': ['Rude word.'] }))} />);
  await submit();
  await change('Title', '');
  expect(alerts()).toEqual(['The field is required.', 'Rude word.']);
  await change('Title', 'Bike');
  expect(alerts()).toEqual(['Rude word.']);
  await change('Item 1', 'b');
  expect(alerts()).toEqual([]);
});

test('a failure without field messages is left to the caller; a field the form lacks is shown once, never kept', async () => {
  const save = jest.fn().mockRejectedValueOnce({ status: 500, data: { message: 'Oops' } }).mockRejectedValueOnce(refusal({ unknown_field: ['Whatever.'] })).mockResolvedValue({});
  renderScreen(<Editor save={save} />);
  await submit();
  expect(screen.getByText('other')).toBeTruthy();
  await submit();
  // The unknown field's message cannot block the form: the next submit goes through.
  await submit();
  expect(save).toHaveBeenCalledTimes(3);
});
