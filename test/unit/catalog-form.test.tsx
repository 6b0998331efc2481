import { act, fireEvent, screen } from '@testing-library/react';
import { adSchema } from '../../shared/validation/catalog-ad';
import { FormField } from '../../src/components/forms/form-field';
import { CatalogForm } from '../../src/features/catalog/forms/catalog-form';
import { ChoiceSelect } from '../../src/features/catalog/forms/choice-fields';
import { toMinorUnits, toOptionalInteger } from '../../src/features/catalog/forms/form-tools';
import { WithStore } from './catalog-test-kit';
import { renderScreen } from './support/render';

jest.mock('../../src/services/app-config', () => ({ appConfig: () => ({ apiUrl: 'http://api.test' }) }));

interface Values {
  category_id: string;
  title: string;
  price: string;
}

const DRAFT = 'catalog-draft:test';
const blank: Values = { category_id: '', title: '', price: '' };
const toBody = (values: Values) => ({ category_id: toOptionalInteger(values.category_id) ?? undefined, title: values.title, price: toMinorUnits(values.price) });

type Save = (body: Record<string, unknown>) => Promise<{ data: { id: number } } | { error: unknown }>;

function renderForm(save: Save, onSaved = jest.fn()) {
  const view = renderScreen(
    <WithStore>
      <CatalogForm<Values, { id: number }> draftKey={DRAFT} initialValues={blank} schema={adSchema} toBody={toBody} save={save} onSaved={onSaved}>
        {() => (
          <>
            <ChoiceSelect name="category_id" labelId="catalog.ui.form.category" emptyId="catalog.ui.form.choose" choices={[{ id: 7, name: 'Vehicles' }, { id: 8, name: 'Bicycles' }]} />
            <FormField name="title" labelId="catalog.ui.form.title" />
            <FormField name="price" labelId="catalog.ui.form.priceOptional" />
          </>
        )}
      </CatalogForm>
    </WithStore>,
  );
  return { ...view, onSaved };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => act(async () => fireEvent.click(screen.getByTestId('save')));
const messages = () => screen.queryAllByRole('alert').map((node) => node.textContent);

beforeEach(() => localStorage.clear());

test('an empty form names every missing field with the shared messages and asks nobody', async () => {
  const save = jest.fn();
  renderForm(save);
  await submit();
  expect(messages()).toEqual(['Choose a value from the list.', 'The field is required.']);
  expect(screen.getByLabelText('Category').getAttribute('aria-invalid')).toBe('true');
  expect(save).not.toHaveBeenCalled();
});

test('pressing Save does not take the focus away from the field being typed in', async () => {
  renderForm(jest.fn());
  const press = fireEvent.mouseDown(screen.getByTestId('save'));
  // A cancelled mousedown keeps the focus (and the layout) where it is, so the click lands on the button.
  expect(press).toBe(false);
});

test('what was typed is kept as a draft and comes back after a reload', async () => {
  jest.useFakeTimers();
  const first = renderForm(jest.fn());
  type('Title', 'Mountain bike');
  type('Price (empty means on request)', '-5');
  await act(async () => {
    await jest.advanceTimersByTimeAsync(400);
  });
  first.unmount();
  jest.useRealTimers();
  renderForm(jest.fn());
  expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Mountain bike');
  expect((screen.getByLabelText('Price (empty means on request)') as HTMLInputElement).value).toBe('-5');
  await submit();
  expect(messages()).toEqual(expect.arrayContaining(['The price cannot be negative.']));
});

test('a 422 from the server lands on its field and stays until that field changes; the draft stays until the save succeeds', async () => {
  const refused = { status: 422, data: { message: 'The given data was invalid.', errors: { category_id: ['This category does not exist.'] } } };
  const save = jest.fn<ReturnType<Save>, Parameters<Save>>().mockResolvedValueOnce({ error: refused }).mockResolvedValueOnce({ data: { id: 42 } });
  const { onSaved } = renderForm(save);
  fireEvent.change(screen.getByLabelText('Category'), { target: { value: '7' } });
  type('Title', 'Mountain bike');
  type('Price (empty means on request)', '15 000');
  localStorage.setItem(DRAFT, JSON.stringify({ category_id: '7', title: 'Mountain bike', price: '15 000' }));
  await submit();
  expect(save).toHaveBeenCalledWith({ category_id: 7, title: 'Mountain bike', price: 1_500_000 });
  expect(messages()).toEqual(['This category does not exist.']);
  expect(localStorage.getItem(DRAFT)).not.toBeNull();
  // The same category again is refused by the kept verdict, without asking the server.
  await submit();
  expect(save).toHaveBeenCalledTimes(1);
  expect(messages()).toEqual(['This category does not exist.']);
  fireEvent.change(screen.getByLabelText('Category'), { target: { value: '8' } });
  await submit();
  expect(save).toHaveBeenLastCalledWith({ category_id: 8, title: 'Mountain bike', price: 1_500_000 });
  expect(onSaved).toHaveBeenCalledWith({ id: 42 });
  expect(localStorage.getItem(DRAFT)).toBeNull();
});

test('a save right after the last keystroke drops the draft for good: the write that keystroke left pending does not bring it back', async () => {
  jest.useFakeTimers();
  const save = jest.fn<ReturnType<Save>, Parameters<Save>>().mockResolvedValue({ data: { id: 43 } });
  const { onSaved } = renderForm(save);
  fireEvent.change(screen.getByLabelText('Category'), { target: { value: '8' } });
  type('Title', 'Road bike');
  await act(async () => {
    await jest.advanceTimersByTimeAsync(400);
  });
  expect(localStorage.getItem(DRAFT)).not.toBeNull();
  // One more keystroke, and Save within the 300 ms the draft waits before it is written.
  type('Price (empty means on request)', '9 000');
  await submit();
  expect(onSaved).toHaveBeenCalledWith({ id: 43 });
  await act(async () => {
    await jest.advanceTimersByTimeAsync(1000);
  });
  expect(localStorage.getItem(DRAFT)).toBeNull();
  jest.useRealTimers();
});
