import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ModerationItem } from '../../shared/api/admin-moderation';
import { ModerationReview } from '../../src/features/admin-moderation/moderation-review';
import { renderScreen } from './support/render';

// The review is tested against the hooks' contract: what the moderator sees and keeps, not the transport.
const mockClaim = jest.fn();
const mockApprove = jest.fn();
const mockReject = jest.fn();
jest.mock('../../src/features/admin-moderation/moderation-api', () => ({
  useClaimCatalogItemMutation: () => [mockClaim, { isLoading: false }],
  useApproveCatalogItemMutation: () => [mockApprove, { isLoading: false }],
  useRejectCatalogItemMutation: () => [mockReject, { isLoading: false }],
}));

const item = (extra: Partial<ModerationItem> = {}): ModerationItem => ({
  kind: 'businesses',
  id: 7,
  texts: { name: 'Farm shop', name_en: null, description: 'Cheese and honey', description_en: null },
  images: [],
  owner: { id: 3, name: 'Anna' },
  status: 'pending',
  previous_reason: null,
  submitted_at: '2026-11-24T10:00:00.000Z',
  claimed_by: null,
  claimed_by_me: false,
  moderated_at: null,
  ...extra,
});

const failing = (status: number, message: string) => () => ({ unwrap: () => Promise.reject({ status, data: { message } }) });

function renderReview(initial: ModerationItem, onDecided = jest.fn()) {
  renderScreen(
    <MemoryRouter>
      <ModerationReview kind="businesses" item={initial} onClose={jest.fn()} onDecided={onDecided} />
    </MemoryRouter>,
  );
  return onDecided;
}

beforeEach(() => {
  mockClaim.mockReset();
  mockApprove.mockReset();
  mockReject.mockReset();
});

test('another moderator holding the item: the claim says who, in the server’s words, and offers no decision', async () => {
  mockClaim.mockImplementation(failing(409, 'Boris is deciding this item now.'));
  renderReview(item());
  expect(screen.getByText('Cheese and honey')).toBeTruthy();
  await act(async () => fireEvent.click(screen.getByTestId('moderation-claim')));
  expect(screen.getByTestId('moderation-conflict').textContent).toBe('Boris is deciding this item now.');
  expect(screen.queryByTestId('moderation-approve')).toBeNull();
});

test('a rejection needs a reason; a failed one keeps what was typed', async () => {
  mockReject.mockImplementation(failing(409, 'This item has already been decided.'));
  const onDecided = renderReview(item({ claimed_by: { id: 2, name: 'Me' }, claimed_by_me: true }));
  fireEvent.click(screen.getByTestId('moderation-reject'));
  await act(async () => fireEvent.click(screen.getByTestId('moderation-confirm-reject')));
  expect(screen.getByRole('alert').textContent).toBe('Write the reason the owner will read.');
  expect(mockReject).not.toHaveBeenCalled();

  fireEvent.change(screen.getByTestId('moderation-reason'), { target: { value: 'No house number in the address' } });
  await act(async () => fireEvent.click(screen.getByTestId('moderation-confirm-reject')));
  expect(mockReject).toHaveBeenCalledWith({ kind: 'businesses', id: 7, reason: 'No house number in the address' });
  expect(screen.getByTestId('moderation-conflict').textContent).toBe('This item has already been decided.');
  expect((screen.getByTestId('moderation-reason') as HTMLTextAreaElement).value).toBe('No house number in the address');
  expect(onDecided).not.toHaveBeenCalled();
});
