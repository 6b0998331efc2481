import { act, renderHook } from '@testing-library/react';
import { SCROLLING_CLASS_MS, useScrollingClass } from '../../src/app/layout/use-scrolling-class';

const root = document.documentElement;
const scroll = () => act(() => void window.dispatchEvent(new Event('scroll')));

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('the page is "scrolling" from the first scroll until 800 ms after the last one (SPEC §9)', () => {
  const { unmount } = renderHook(() => useScrollingClass());
  expect(root.classList.contains('scrolling')).toBe(false);
  scroll();
  expect(root.classList.contains('scrolling')).toBe(true);
  // Scrolling on: each scroll starts the 800 ms again.
  act(() => void jest.advanceTimersByTime(SCROLLING_CLASS_MS - 100));
  scroll();
  act(() => void jest.advanceTimersByTime(SCROLLING_CLASS_MS - 1));
  expect(root.classList.contains('scrolling')).toBe(true);
  act(() => void jest.advanceTimersByTime(1));
  expect(root.classList.contains('scrolling')).toBe(false);
  expect(SCROLLING_CLASS_MS).toBe(800);
  unmount();
});

test('leaving the layout mid-scroll takes the class and the timer away', () => {
  const { unmount } = renderHook(() => useScrollingClass());
  scroll();
  unmount();
  expect(root.classList.contains('scrolling')).toBe(false);
  expect(jest.getTimerCount()).toBe(0);
  scroll();
  expect(root.classList.contains('scrolling')).toBe(false);
});
