import { screen } from '@testing-library/react';
import { AuditChange } from '../../src/features/admin-audit/audit-change';
import { auditFilterErrors } from '../../src/features/admin-audit/audit-filters';
import { renderScreen } from './support/render';

/** The audit log's before/after as words, and its filters' own checks (issue 17 item 2). */

test('a block reads as fields with yes/no and the reason; a role change names the roles, in each language', () => {
  const { unmount } = renderScreen(<AuditChange before={{ blocked: false }} after={{ blocked: true, blocked_reason: 'Spam' }} />);
  const terms = screen.getAllByRole('term').map((node) => node.textContent);
  expect(terms).toEqual(['blocked', 'reason']);
  const values = screen.getAllByRole('definition').map((node) => node.textContent);
  expect(values).toEqual(['Before: no → After: yes', 'Before: — → After: Spam']);
  unmount();
  renderScreen(<AuditChange before={{ role: 'user' }} after={{ role: 'moderator' }} />, { lang: 'ru' });
  expect(screen.getByRole('term').textContent).toBe('роль');
  expect(screen.getByRole('definition').textContent).toBe('Было: Пользователь → Стало: Модератор');
});

test('a row with nothing before or after shows a dash', () => {
  renderScreen(<AuditChange before={null} after={null} />);
  expect(screen.getByText('—')).toBeTruthy();
});

test('filters: ids must be whole numbers from 1, days must exist, the end not before the start', () => {
  const blank = { actor_id: '', action: '', target_type: '', target_id: '', from: '', to: '' };
  expect(auditFilterErrors(blank)).toEqual({});
  expect(auditFilterErrors({ ...blank, actor_id: '12', target_id: '3', from: '2026-01-01', to: '2026-01-02' })).toEqual({});
  expect(Object.keys(auditFilterErrors({ ...blank, actor_id: '1.5', target_id: '0' })).sort()).toEqual(['actor_id', 'target_id']);
  expect(auditFilterErrors({ ...blank, from: '2026-02-30' })).toEqual({ from: { key: 'admin.audit.errors.day', values: undefined } });
  expect(auditFilterErrors({ ...blank, from: '2026-03-02', to: '2026-03-01' })).toEqual({ to: { key: 'admin.audit.errors.range', values: undefined } });
});
