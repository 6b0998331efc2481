import { IN_APP_TOAST_MS, MARKETPLACE_TOAST_MS, MAX_TOASTS, toastDismissed, toastShown, toastsReducer, type ToastsState } from '../../src/features/toasts/toasts-slice';

const run = (...actions: Array<ReturnType<typeof toastShown> | ReturnType<typeof toastDismissed>>): ToastsState =>
  actions.reduce((state, action) => toastsReducer(state, action), toastsReducer(undefined, { type: '@@init' }));

test('SPEC §9: marketplace toasts last 5000 ms, in-app notifications 3000 ms by default', () => {
  expect(MARKETPLACE_TOAST_MS).toBe(5000);
  expect(IN_APP_TOAST_MS).toBe(3000);
  for (const kind of ['message', 'notification', 'order'] as const) {
    expect(toastShown({ kind, title: 't', body: 'b' }).payload.duration).toBe(5000);
  }
  for (const kind of ['success', 'error', 'info'] as const) {
    expect(toastShown({ kind, title: 't', body: 'b' }).payload.duration).toBe(3000);
  }
  expect(toastShown({ kind: 'info', title: 't', body: 'b', duration: 8000 }).payload.duration).toBe(8000);
});

test('the prepare callback gives each toast an id and a creation time', () => {
  const before = Date.now();
  const { payload } = toastShown({ kind: 'success', title: 'Saved', body: '' });
  expect(payload.id).toEqual(expect.any(String));
  expect(payload.createdAt).toBeGreaterThanOrEqual(before);
  expect(toastShown({ kind: 'success', title: 'Saved', body: '' }).payload.id).not.toBe(payload.id);
});

test('at most five toasts stay on screen; the oldest give way', () => {
  const shown = Array.from({ length: 7 }, (_, index) => toastShown({ id: `t${index}`, kind: 'info', title: `#${index}`, body: '' }));
  const state = run(...shown);
  expect(MAX_TOASTS).toBe(5);
  expect(state.items.map((toast) => toast.id)).toEqual(['t2', 't3', 't4', 't5', 't6']);
});

test('the same event id shows once, and a dismissed toast leaves', () => {
  const first = toastShown({ id: 'event-1', kind: 'notification', title: 'New notification', body: 'x' });
  const state = run(first, toastShown({ id: 'event-1', kind: 'notification', title: 'New notification', body: 'x' }));
  expect(state.items).toHaveLength(1);
  expect(run(first, toastDismissed('event-1')).items).toEqual([]);
});
