import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { act, fireEvent, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { SWIPE_DISMISS_PX, ToastViewport } from '../../src/features/toasts/toast-viewport';
import { toastShown, toastsReducer } from '../../src/features/toasts/toasts-slice';
import { renderScreen } from './support/render';

// jsdom has no PointerEvent; a MouseEvent with a pointer id and type is enough for React.
class TestPointerEvent extends MouseEvent {
  pointerId: number;
  pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? 'touch';
  }
}
beforeAll(() => {
  (window as unknown as { PointerEvent: unknown }).PointerEvent = TestPointerEvent;
});

function setup() {
  const store = configureStore({ reducer: combineReducers({ toasts: toastsReducer }) });
  const actions: string[] = [];
  const dispatch = store.dispatch;
  store.dispatch = ((action: { type: string }) => {
    actions.push(action.type);
    return dispatch(action);
  }) as typeof store.dispatch;
  renderScreen(
    <Provider store={store}>
      <MemoryRouter>
        <ToastViewport />
      </MemoryRouter>
    </Provider>,
  );
  return { store, actions };
}

function swipe(element: HTMLElement, dx: number) {
  fireEvent.pointerDown(element, { pointerId: 1, clientX: 200, clientY: 50, button: 0 });
  fireEvent.pointerMove(element, { pointerId: 1, clientX: 200 + dx / 2, clientY: 50 });
  fireEvent.pointerMove(element, { pointerId: 1, clientX: 200 + dx, clientY: 50 });
  fireEvent.pointerUp(element, { pointerId: 1, clientX: 200 + dx, clientY: 50 });
}

test('toasts sit in a labelled region; an error is an alert, the others are statuses', () => {
  const { store } = setup();
  act(() => {
    store.dispatch(toastShown({ kind: 'success', title: 'Saved', body: '' }));
    store.dispatch(toastShown({ kind: 'error', title: 'Failed', body: 'Try again', link: '/order/1' }));
  });
  expect(screen.getByRole('region', { name: 'Pop-up notifications' })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toContain('Failed');
  expect(screen.getByRole('status').textContent).toContain('Saved');
  expect(screen.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/order/1');
  fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]);
  expect(screen.getAllByTestId('toast')).toHaveLength(1);
});

test(`SPEC §9: a swipe of ${SWIPE_DISMISS_PX - 1} px snaps back, one of ${SWIPE_DISMISS_PX + 1} px dismisses`, () => {
  const { store, actions } = setup();
  act(() => {
    store.dispatch(toastShown({ kind: 'message', title: 'Анна', body: 'Привет' }));
  });
  const toast = screen.getByTestId('toast');
  swipe(toast, 99);
  expect(screen.getAllByTestId('toast')).toHaveLength(1);
  expect(toast.style.transform).toBe('');
  // The finger on the toast held its clock, and letting go released it.
  expect(actions.filter((type) => type.startsWith('toasts/paused') || type.startsWith('toasts/resumed'))).toEqual(['toasts/paused', 'toasts/resumed']);
  swipe(toast, -101);
  expect(screen.queryAllByTestId('toast')).toHaveLength(0);
});

test('the toast follows the finger while it is dragged', () => {
  const { store } = setup();
  act(() => {
    store.dispatch(toastShown({ kind: 'info', title: 'Info', body: '' }));
  });
  const toast = screen.getByTestId('toast');
  fireEvent.pointerDown(toast, { pointerId: 2, clientX: 100 });
  fireEvent.pointerMove(toast, { pointerId: 2, clientX: 160 });
  expect(toast.style.transform).toBe('translateX(60px)');
  fireEvent.pointerCancel(toast, { pointerId: 2, clientX: 260 });
  expect(toast.style.transform).toBe('');
  expect(screen.getAllByTestId('toast')).toHaveLength(1);
});
