import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { InTurn } from '../../src/components/in-turn';

/** Each part says when it was committed, so the test can tell one commit from several. */
const committed: string[] = [];
function Part({ name }: { name: string }) {
  useEffect(() => {
    committed.push(name);
  }, [name]);
  return <p>{name}</p>;
}

beforeEach(() => {
  committed.length = 0;
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

test('the top is drawn at once; the parts below wait in their reserved place, then come one task after another, in page order', async () => {
  const { container } = render(
    <main>
      <Part name="top" />
      <InTurn reserve="640px">
        <Part name="second" />
      </InTurn>
      <InTurn reserve="120px">
        <Part name="third" />
      </InTurn>
    </main>,
  );
  expect(committed).toEqual(['top']);
  const places = container.querySelectorAll('div[aria-hidden="true"]');
  expect([...places].map((place) => (place as HTMLElement).style.minHeight)).toEqual(['640px', '120px']);

  await act(() => jest.advanceTimersToNextTimerAsync());
  expect(committed).toEqual(['top', 'second']);
  expect(screen.queryByText('third')).toBeNull();

  await act(() => jest.advanceTimersToNextTimerAsync());
  expect(committed).toEqual(['top', 'second', 'third']);
  expect(container.querySelectorAll('div[aria-hidden="true"]')).toHaveLength(0);
  // The turn after the last finds nobody waiting.
  await act(() => jest.runAllTimersAsync());
});

test('a part that leaves before its turn is skipped, and the next still comes', async () => {
  const { rerender } = render(
    <main>
      <InTurn reserve="10px">
        <Part name="leaving" />
      </InTurn>
      <InTurn reserve="10px">
        <Part name="staying" />
      </InTurn>
    </main>,
  );
  rerender(
    <main>
      <InTurn reserve="10px">
        <Part name="staying" />
      </InTurn>
    </main>,
  );
  await act(() => jest.runAllTimersAsync());
  expect(screen.getByText('staying')).toBeTruthy();
});
