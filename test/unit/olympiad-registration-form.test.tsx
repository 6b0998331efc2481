import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { act, fireEvent, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { authReducer } from '../../src/session/session-slice';
import { languageReducer } from '../../src/session/language-slice';
import { RegistrationForm } from '../../src/features/olympiad/accounts/registration-form';
import { renderScreen } from './support/render';

const mockRegister = jest.fn();
jest.mock('../../src/features/olympiad/olympiad-api', () => ({
  useRegisterMutation: () => [mockRegister, { isLoading: false }],
}));

function renderForm() {
  const store = configureStore({
    reducer: combineReducers({ auth: authReducer, language: languageReducer }),
    preloadedState: { language: { current: 'en' as const } },
  });
  renderScreen(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/olympiad/register']}>
        <Routes>
          <Route path="/olympiad/register" element={<RegistrationForm />} />
          <Route path="/olympiad/account" element={<p>account page</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
async function type(label: RegExp, value: string) {
  await act(async () => {
    fireEvent.change(field(label), { target: { value } });
    fireEvent.blur(field(label));
  });
}
async function fillValid() {
  await type(/^Login or nickname$/, 'masha_2012');
  await type(/^E-mail$/, 'masha@example.com');
  await type(/^Password$/, 'secret1');
  await type(/^Repeat the password$/, 'secret1');
  await type(/^Full name$/, 'Мария Иванова');
  await type(/^Date of birth/, '05202014');
  await act(async () => fireEvent.click(screen.getByLabelText('Female')));
  await type(/^Country$/, 'Россия');
  await type(/^City$/, 'Казань');
  await type(/^Place of study$/, 'Лицей № 131');
  await type(/^Category$/, 'middle');
  await type(/^How did you hear/, 'friends');
  await act(async () => fireEvent.click(screen.getByTestId('agreement')));
}
const submit = () => act(async () => fireEvent.click(screen.getByTestId('register-submit')));

beforeEach(() => mockRegister.mockReset());

test('each wrong field shows its SPEC message as soon as it is left', async () => {
  renderForm();
  await type(/^E-mail$/, 'masha');
  expect(await screen.findByText('The field must contain an email address.')).toBeTruthy();
  await type(/^Password$/, 'abc');
  expect(await screen.findByText('Password must be at least 6 characters long.')).toBeTruthy();
  await type(/^Repeat the password$/, 'abd');
  expect(await screen.findByText('The entered passwords do not match.')).toBeTruthy();
  await type(/^Full name$/, 'Мария');
  expect(await screen.findByText('Enter at least your first and last name, separated by a space.')).toBeTruthy();
  await type(/^Login or nickname$/, 'fuuuck');
  expect(await screen.findByText('Swear words are prohibited.')).toBeTruthy();
  await type(/^Date of birth/, '01012000');
  expect(await screen.findByText('Sorry, your age does not meet the conditions for participation in the Olympics.')).toBeTruthy();
  await type(/^City$/, ' \u00A0 ');
  expect(await screen.findByText('There are blank fields.')).toBeTruthy();
});

test('an empty form says "There are blank fields." once, at the form, and marks every blank field', async () => {
  renderForm();
  await submit();
  expect(screen.getAllByText('There are blank fields.')).toHaveLength(1);
  const notice = screen.getByTestId('blank-fields');
  for (const label of [/^Login or nickname$/, /^E-mail$/, /^Password$/, /^Repeat the password$/, /^Full name$/, /^Date of birth/, /^Country$/, /^City$/, /^Place of study$/, /^Category$/, /^How did you hear/]) {
    expect(field(label).getAttribute('aria-invalid')).toBe('true');
    expect(field(label).getAttribute('aria-describedby')).toBe(notice.id);
  }
  expect(screen.getByLabelText('Female').getAttribute('aria-invalid')).toBe('true');
  // Not blank, so said under its own field: the agreement; the optional link is not marked.
  expect(screen.getByText('To register, accept the user agreement, the privacy policy and the consent to personal data processing.')).toBeTruthy();
  expect(field(/^Social network link/).getAttribute('aria-invalid')).toBeNull();
  expect(mockRegister).not.toHaveBeenCalled();

  // A field filled in loses its mark; the sentence stays while any field is blank.
  await type(/^City$/, 'Казань');
  expect(field(/^City$/).getAttribute('aria-invalid')).toBeNull();
  expect(screen.getAllByText('There are blank fields.')).toHaveLength(1);
});

test('the date field follows the language: MM.DD.YYYY in English, with the dots put in', async () => {
  renderForm();
  expect(field(/^Date of birth/).getAttribute('placeholder')).toBe('MM.DD.YYYY');
  await type(/^Date of birth/, '05202014');
  expect(field(/^Date of birth/).value).toBe('05.20.2014');
  // 20 is no month: in English the month comes first.
  await type(/^Date of birth/, '20052014');
  expect(await screen.findByText('Enter the date of birth in the format MM.DD.YYYY.')).toBeTruthy();
});

test('the agreement links open the three documents', () => {
  renderForm();
  expect(screen.getByRole('link', { name: 'user agreement' }).getAttribute('href')).toBe('/docs/user-agreement.pdf');
  expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/docs/privacy-policy.pdf');
  expect(screen.getByRole('link', { name: 'consent to personal data processing' }).getAttribute('href')).toBe('/docs/personal-data-consent.pdf');
});

test('submits the date as ISO, signs in with the answer and opens the account', async () => {
  const store = renderForm();
  mockRegister.mockReturnValue({ unwrap: () => Promise.resolve({ token: 'tok', user: { id: 7 }, data: {} }) });
  await fillValid();
  await submit();
  expect(mockRegister).toHaveBeenCalledWith(expect.objectContaining({ birth_date: '2014-05-20', login: 'masha_2012', agreement: true }));
  expect(store.getState().auth).toMatchObject({ token: 'tok', userId: 7 });
  expect(await screen.findByText('account page')).toBeTruthy();
});

test('the server 422 lands on the same fields and everything typed stays', async () => {
  renderForm();
  mockRegister.mockReturnValue({
    unwrap: () => Promise.reject({ status: 422, data: { message: 'x', errors: { email: ['An account with this e-mail already exists. Sign in or recover your password.'], login: ['This login is already taken.'] } } }),
  });
  await fillValid();
  await submit();
  expect(await screen.findByText('This login is already taken.')).toBeTruthy();
  expect(screen.getByText('An account with this e-mail already exists. Sign in or recover your password.')).toBeTruthy();
  expect(field(/^E-mail$/).value).toBe('masha@example.com');
  expect(field(/^Password$/).value).toBe('secret1');
  expect(field(/^Full name$/).value).toBe('Мария Иванова');
});
