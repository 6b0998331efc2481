import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { UserResource } from '../../shared/api/users';
import { OLYMPIAD_EDITORS } from '../../shared/roles';
import { RoleOnly } from '../../src/session/role-only';
import { renderScreen } from './support/render';

const mockProfile: { data?: Pick<UserResource, 'id' | 'role'>; isLoading: boolean } = { isLoading: false };
jest.mock('../../src/session/profile-api', () => ({ useProfileQuery: () => ({ ...mockProfile, error: undefined }) }));
jest.mock('../../src/components/page-loading', () => ({ PageLoading: () => <p>loading</p> }));
jest.mock('../../src/components/api-error-text', () => ({ ApiErrorText: () => <p>error</p> }));

const screenFor = () =>
  renderScreen(
    <MemoryRouter initialEntries={['/olympiad/staff/tests']}>
      <Routes>
        <Route
          path="/olympiad/staff/tests"
          element={
            <RoleOnly roles={OLYMPIAD_EDITORS} otherwise="/olympiad/tests">
              <h1>Staff tests</h1>
            </RoleOnly>
          }
        />
        <Route path="/olympiad/tests" element={<h1>Tests list</h1>} />
      </Routes>
    </MemoryRouter>,
  );

test('an editor sees the staff screen', () => {
  mockProfile.data = { id: 1, role: 'moderator' };
  screenFor();
  expect(screen.getByRole('heading', { name: 'Staff tests' })).toBeTruthy();
});

test('anyone else is sent elsewhere and never sees it', () => {
  mockProfile.data = { id: 2, role: 'support' };
  screenFor();
  expect(screen.getByRole('heading', { name: 'Tests list' })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Staff tests' })).toBeNull();
});

test('while the profile loads nothing of the screen shows', () => {
  mockProfile.data = undefined;
  mockProfile.isLoading = true;
  screenFor();
  expect(screen.getByText('loading')).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Staff tests' })).toBeNull();
});
