import { act, fireEvent, screen } from '@testing-library/react';
import { Form, Formik } from 'formik';
import { productSchema } from '../../shared/validation/catalog-product';
import { validateWith } from '../../src/components/forms/validate-with';
import { ProductFields, productBody, type ProductFormValues } from '../../src/features/catalog/pages/product-form-page';
import { WithStore } from './catalog-test-kit';
import { renderScreen } from './support/render';

jest.mock('../../src/services/app-config', () => ({ appConfig: () => ({ apiUrl: 'http://api.test' }) }));

const start: ProductFormValues = {
  business_id: '3',
  category_id: '',
  name: '',
  name_en: '',
  description: '',
  description_en: '',
  price: '',
  discount_percent: '0',
  currency: 'RUB',
  stock: '',
  duration_minutes: '',
  images: [],
  status: 'published',
};

function renderForm(onSubmit = jest.fn(), initialValues = start) {
  renderScreen(
    <WithStore>
      <Formik initialValues={initialValues} validate={validateWith(productSchema, productBody('product'))} onSubmit={onSubmit}>
        <Form noValidate>
          <ProductFields kind="product" businesses={[{ id: 3, name: 'My shop' }]} editing={false} />
          <button type="submit">Send</button>
        </Form>
      </Formik>
    </WithStore>,
  );
  return onSubmit;
}

const submit = () => act(async () => fireEvent.click(screen.getByText('Send')));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

test('an empty form names the missing fields with the shared rule messages', async () => {
  const onSubmit = renderForm();
  await submit();
  expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByLabelText('Price').getAttribute('aria-invalid')).toBe('true');
  expect(screen.getAllByRole('alert').map((node) => node.textContent)).toEqual(['The field is required.', 'The field is required.']);
  expect(onSubmit).not.toHaveBeenCalled();
});

test('a negative price, a discount over 100 % and a fractional stock each get their own message', async () => {
  renderForm();
  type('Name', 'Samovar');
  type('Price', '-5');
  type('Discount, %', '150');
  type('In stock, pcs (empty: not tracked)', '2.5');
  await submit();
  const messages = screen.getAllByRole('alert').map((node) => node.textContent);
  expect(messages).toEqual(
    expect.arrayContaining(['The price cannot be negative.', 'Enter a percentage from 0 to 100.', 'Enter a whole number.']),
  );
});

test('a valid form sends the price in minor units', async () => {
  const onSubmit = renderForm();
  type('Name', 'Samovar');
  type('Price', '1 234,50');
  await submit();
  expect(onSubmit).toHaveBeenCalled();
  const body = productBody('product')(onSubmit.mock.calls[0][0] as ProductFormValues);
  expect(body).toMatchObject({ business_id: 3, name: 'Samovar', price: 123450, discount_percent: 0, image_ids: [] });
});

describe('the English version', () => {
  const disclosure = () => screen.getByTestId('english-version') as HTMLDetailsElement;

  test('is offered, not asked for: the English fields wait behind a closed “Add an English version”', async () => {
    const onSubmit = renderForm();
    expect(disclosure().open).toBe(false);
    expect(screen.getByText('Add an English version (optional)').tagName).toBe('SUMMARY');
    expect(disclosure().contains(screen.getByLabelText('Name in English'))).toBe(true);
    expect(disclosure().contains(screen.getByLabelText('Description in English'))).toBe(true);
    type('Name', 'Самовар');
    type('Price', '100');
    await submit();
    expect(onSubmit).toHaveBeenCalled();
    expect(productBody('product')(onSubmit.mock.calls[0][0] as ProductFormValues)).toMatchObject({ name: 'Самовар', name_en: '' });
  });

  test('opens by itself when it holds text (an edit, a kept draft)', async () => {
    renderForm(jest.fn(), { ...start, name: 'Самовар', name_en: 'Samovar' });
    expect(disclosure().open).toBe(true);
  });

  test('a refused English name is never hidden: closed by the seller, it opens again with the message', async () => {
    const onSubmit = renderForm();
    type('Name', 'Самовар');
    type('Price', '100');
    type('Name in English', 'S'.repeat(121));
    fireEvent.click(screen.getByText('Add an English version (optional)'));
    expect(disclosure().open).toBe(false);
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(disclosure().open).toBe(true);
    expect(screen.getByLabelText('Name in English').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('alert').map((node) => node.textContent)).toEqual(['At most 120 characters.']);
  });
});
