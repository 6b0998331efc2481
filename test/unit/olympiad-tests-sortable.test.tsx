import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { SortableList, type SortableItem } from '../../src/features/olympiad-tests/questions/sortable-list';
import { renderScreen } from './support/render';

// jsdom has no PointerEvent; a MouseEvent with a pointer id and type is enough for React.
class TestPointerEvent extends MouseEvent {
  pointerId: number;
  pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? 'mouse';
  }
}
beforeAll(() => {
  (window as unknown as { PointerEvent: unknown }).PointerEvent = TestPointerEvent;
});

const ITEMS: SortableItem[] = [
  { id: 'A', letter: 'A', text: 'Autumn' },
  { id: 'B', letter: 'B', text: 'Spring' },
  { id: 'C', letter: 'C', text: 'Winter' },
];

function Harness({ onCommit, slots }: { onCommit: jest.Mock; slots?: string[] }) {
  const [items, setItems] = useState(ITEMS);
  return (
    <>
      <p id="q">Put the seasons in order</p>
      <SortableList
        items={items}
        slots={slots}
        labelledBy="q"
        onCommit={(order) => {
          onCommit(order);
          setItems(order.map((id) => ITEMS.find((item) => item.id === id)!));
        }}
      />
    </>
  );
}

const order = () => screen.getAllByRole('button', { name: /position|next to|not matched/ }).map((b) => b.getAttribute('data-testid')!.slice(-1));
const spoken = () => screen.getByTestId('sortable-announcement').textContent;

test('keyboard: Space picks up, arrows move, Space drops; each step is announced', () => {
  const onCommit = jest.fn();
  renderScreen(<Harness onCommit={onCommit} />);
  const handle = screen.getByTestId('sortable-handle-A');
  handle.focus();
  fireEvent.keyDown(handle, { key: ' ' });
  expect(spoken()).toBe('A. Autumn picked up, position 1 of 3.');
  expect(handle.getAttribute('aria-pressed')).toBe('true');
  fireEvent.keyDown(handle, { key: 'ArrowDown' });
  fireEvent.keyDown(screen.getByTestId('sortable-handle-A'), { key: 'ArrowDown' });
  expect(spoken()).toBe('A. Autumn: position 3 of 3.');
  expect(order()).toEqual(['B', 'C', 'A']);
  // Nothing is saved until the drop.
  expect(onCommit).not.toHaveBeenCalled();
  expect(document.activeElement).toBe(screen.getByTestId('sortable-handle-A'));
  fireEvent.keyDown(screen.getByTestId('sortable-handle-A'), { key: ' ' });
  expect(onCommit).toHaveBeenCalledWith(['B', 'C', 'A']);
  expect(spoken()).toBe('A. Autumn dropped: position 3 of 3.');
});

test('Escape puts the item back where it was', () => {
  const onCommit = jest.fn();
  renderScreen(<Harness onCommit={onCommit} />);
  const handle = screen.getByTestId('sortable-handle-C');
  fireEvent.keyDown(handle, { key: 'Enter' });
  fireEvent.keyDown(handle, { key: 'ArrowUp' });
  fireEvent.keyDown(screen.getByTestId('sortable-handle-C'), { key: 'Escape' });
  expect(order()).toEqual(['A', 'B', 'C']);
  expect(onCommit).not.toHaveBeenCalled();
  expect(spoken()).toBe('Move cancelled, C. Winter is back: position 3 of 3.');
});

test('the up and down buttons move an item at once', () => {
  const onCommit = jest.fn();
  renderScreen(<Harness onCommit={onCommit} />);
  fireEvent.click(screen.getByRole('button', { name: 'Move up: B. Spring' }));
  expect(onCommit).toHaveBeenLastCalledWith(['B', 'A', 'C']);
  expect((screen.getByRole('button', { name: 'Move up: B. Spring' }) as HTMLButtonElement).disabled).toBe(true);
});

test('a finger (or the mouse) drags an item past the middle of the others', () => {
  const onCommit = jest.fn();
  renderScreen(<Harness onCommit={onCommit} />);
  // Rows 50 px tall, 60 px apart.
  screen.getAllByRole('listitem').forEach((row, index) => {
    row.getBoundingClientRect = () => ({ top: index * 60, height: 50, bottom: index * 60 + 50, left: 0, right: 300, width: 300, x: 0, y: index * 60, toJSON: () => ({}) });
  });
  const handle = screen.getByTestId('sortable-handle-A');
  act(() => {
    handle.dispatchEvent(new TestPointerEvent('pointerdown', { bubbles: true, clientY: 25, pointerId: 7, pointerType: 'touch', button: 0 }));
    handle.dispatchEvent(new TestPointerEvent('pointermove', { bubbles: true, clientY: 60, pointerId: 7, pointerType: 'touch' }));
    handle.dispatchEvent(new TestPointerEvent('pointermove', { bubbles: true, clientY: 100, pointerId: 7, pointerType: 'touch' }));
  });
  // B makes room while A is carried.
  expect(screen.getByTestId('sortable-B').querySelector('.sortable-item')!.getAttribute('style')).toContain('translateY(-60px)');
  act(() => {
    handle.dispatchEvent(new TestPointerEvent('pointerup', { bubbles: true, clientY: 100, pointerId: 7, pointerType: 'touch' }));
  });
  expect(onCommit).toHaveBeenCalledWith(['B', 'A', 'C']);
});

test('a tap without movement is not a move', () => {
  const onCommit = jest.fn();
  renderScreen(<Harness onCommit={onCommit} />);
  const handle = screen.getByTestId('sortable-handle-B');
  act(() => {
    handle.dispatchEvent(new TestPointerEvent('pointerdown', { bubbles: true, clientY: 80, button: 0 }));
    handle.dispatchEvent(new TestPointerEvent('pointerup', { bubbles: true, clientY: 81 }));
  });
  expect(onCommit).not.toHaveBeenCalled();
});

test('matching: prompts stay in their rows and the announcement names the prompt', () => {
  const onCommit = jest.fn();
  renderScreen(<Harness onCommit={onCommit} slots={['March', 'January']} />);
  expect(screen.getAllByRole('listitem').map((row) => row.querySelector('.sortable-slot')!.textContent)).toEqual(['March', 'January', 'Spare answer']);
  const handle = screen.getByTestId('sortable-handle-C');
  fireEvent.keyDown(handle, { key: ' ' });
  expect(spoken()).toBe('C. Winter picked up, not matched.');
  fireEvent.keyDown(screen.getByTestId('sortable-handle-C'), { key: 'ArrowUp' });
  expect(spoken()).toBe('C. Winter: next to “January”.');
  fireEvent.keyDown(screen.getByTestId('sortable-handle-C'), { key: ' ' });
  expect(onCommit).toHaveBeenCalledWith(['A', 'C', 'B']);
});

test('a handle is named by the words it shows, then its place (what is seen is what is said)', () => {
  renderScreen(<Harness onCommit={jest.fn()} />);
  const handle = screen.getByTestId('sortable-handle-B');
  expect(handle.getAttribute('aria-label')).toBeNull();
  // (jsdom's name computation puts a space around each span; a browser joins them as written.)
  expect(screen.getByRole('button', { name: (name) => name.replace(/\s+(?=[.,])/g, '') === 'B. Spring, position 2 of 3' })).toBe(handle);
  // What a sighted person reads on the handle comes first in its name.
  const visible = [...handle.querySelectorAll('span:not(.visually-hidden):not([aria-hidden="true"])')].map((span) => span.textContent).join(' ');
  expect(visible).toBe('B Spring');
});
