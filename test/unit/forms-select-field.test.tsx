import { act, fireEvent, screen } from '@testing-library/react';
import { Form, Formik } from 'formik';
import { SelectField } from '../../src/components/forms/select-field';
import { renderScreen } from './support/render';

function Sample({ error }: { error?: string }) {
  return (
    <Formik initialValues={{ format: '', stage: undefined }} validate={() => (error ? { format: error } : {})} onSubmit={jest.fn()}>
      <Form>
        <SelectField name="format" labelId="olympiadTests.ui.import.formatLabel" emptyId="olympiadTests.ui.import.format.auto" options={['moodle_xml', 'gift']} optionPrefix="olympiadTests.ui.import.format" />
        <SelectField name="stage" label="Stage" idPrefix="staff" testId="stage">
          <option value="1">Training</option>
          <option value="2">First</option>
        </SelectField>
      </Form>
    </Formik>
  );
}

test('a labelled select of a fixed list (labels from the catalogue, a first empty entry) or of the caller’s options', () => {
  renderScreen(<Sample />);
  const format = screen.getByLabelText('Format') as HTMLSelectElement;
  expect(format.id).toBe('field-format');
  expect([...format.options].map((o) => [o.value, o.textContent])).toEqual([
    ['', 'Detect from the file'],
    ['moodle_xml', 'Moodle XML'],
    ['gift', 'GIFT'],
  ]);
  const stage = screen.getByLabelText('Stage') as HTMLSelectElement;
  expect(stage.id).toBe('staff-stage');
  expect(stage.getAttribute('data-testid')).toBe('stage');
  // An absent value shows as the first entry, not as an uncontrolled select.
  expect(stage.value).toBe('1');
});

test('the chosen value goes to formik', async () => {
  renderScreen(<Sample />);
  const format = screen.getByLabelText('Format') as HTMLSelectElement;
  await act(async () => fireEvent.change(format, { target: { value: 'gift' } }));
  expect(format.value).toBe('gift');
});

test('its error shows once the field was visited, announced and tied to the select', async () => {
  renderScreen(<Sample error="Choose one of the allowed values." />);
  expect(screen.queryByRole('alert')).toBeNull();
  await act(async () => fireEvent.blur(screen.getByLabelText('Format')));
  const format = screen.getByLabelText('Format');
  expect(screen.getByRole('alert').textContent).toBe('Choose one of the allowed values.');
  expect(format.getAttribute('aria-invalid')).toBe('true');
  expect(format.getAttribute('aria-describedby')).toBe('field-format-error');
});
