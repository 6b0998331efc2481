import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useIntl } from 'react-intl';

export interface SortableItem {
  id: string;
  /** "B" — shown on the handle and spoken in announcements. */
  letter: string;
  text: string;
}

interface SortableListProps {
  items: SortableItem[];
  /** A finished move: the new order of ids (a drop, a keyboard drop, or a move button). */
  onCommit(order: string[]): void;
  disabled?: boolean;
  /** Matching: what stands beside each of the first positions (an item there is matched to it). */
  slots?: string[];
  /** The question text, which names the list for screen readers. */
  labelledBy: string;
  testId?: string;
}

interface Drag {
  id: string;
  pointerId: number;
  from: number;
  startY: number;
  dy: number;
  /** Midpoints and step of the rows when the drag began; the rows do not move under the pointer. */
  mids: number[];
  step: number;
  moved: boolean;
}

/** A press that moves less than this is a click, not a drag. */
const DRAG_SLOP_PX = 4;

const moveTo = (order: string[], id: string, to: number) => {
  const next = order.filter((other) => other !== id);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, id);
  return next;
};

/** Where the dragged row lands: past every row whose middle its own middle has crossed. */
function dropIndex(drag: Drag): number {
  const center = drag.mids[drag.from] + drag.dy;
  let to = drag.from;
  drag.mids.forEach((mid, index) => {
    if (index < drag.from && center < mid) to = Math.min(to, index);
    if (index > drag.from && center > mid) to = Math.max(to, index);
  });
  return to;
}

/**
 * A list put in order by dragging (mouse and touch through pointer events),
 * by keyboard (Space picks up, arrows move, Space drops, Escape cancels) or
 * with the up/down buttons; every move is announced. Ordering questions use
 * it as is; matching questions give `slots`, so the item in row k answers
 * the k-th prompt.
 */
export function SortableList({ items, onCommit, disabled = false, slots, labelledBy, testId }: SortableListProps) {
  const intl = useIntl();
  const instructionsId = useId();
  const [preview, setPreview] = useState<string[] | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  // A ref, so pointer events that come faster than renders all see the latest drag.
  const dragRef = useRef<Drag | null>(null);
  const [, redraw] = useState(0);
  const setDrag = (next: Drag | null) => {
    dragRef.current = next;
    redraw((n) => n + 1);
  };
  const drag = dragRef.current;
  const [announcement, setAnnouncement] = useState('');
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const rows = useRef(new Map<string, HTMLLIElement>());

  const byId = new Map(items.map((item) => [item.id, item]));
  const order = preview ?? items.map((item) => item.id);
  const count = order.length;

  // A row moved in the DOM can lose focus; the picked one keeps it.
  useLayoutEffect(() => {
    if (picked && document.activeElement !== handles.current.get(picked)) handles.current.get(picked)?.focus();
  }, [picked, preview]);

  const named = (id: string) => {
    const item = byId.get(id);
    return item ? `${item.letter}. ${item.text}` : id;
  };
  const where = (id: string, list: string[]) => {
    const index = list.indexOf(id);
    if (slots) {
      return index < slots.length
        ? intl.formatMessage({ id: 'olympiadTests.ui.sort.matchedWith' }, { prompt: slots[index] })
        : intl.formatMessage({ id: 'olympiadTests.ui.sort.unmatched' });
    }
    return intl.formatMessage({ id: 'olympiadTests.ui.sort.position' }, { position: index + 1, count });
  };

  const commit = (next: string[], id: string) => {
    setAnnouncement(intl.formatMessage({ id: 'olympiadTests.ui.sort.dropped' }, { item: named(id), where: where(id, next) }));
    onCommit(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, id: string) => {
    if (disabled) return;
    const key = event.key;
    if (picked !== id) {
      if (key === ' ' || key === 'Enter') {
        event.preventDefault();
        setPicked(id);
        setPreview(order);
        setAnnouncement(intl.formatMessage({ id: 'olympiadTests.ui.sort.picked' }, { item: named(id), where: where(id, order) }));
      }
      return;
    }
    const index = order.indexOf(id);
    if (key === 'ArrowUp' || key === 'ArrowLeft' || key === 'ArrowDown' || key === 'ArrowRight' || key === 'Home' || key === 'End') {
      event.preventDefault();
      const to = key === 'Home' ? 0 : key === 'End' ? count - 1 : key === 'ArrowUp' || key === 'ArrowLeft' ? index - 1 : index + 1;
      if (to < 0 || to >= count || to === index) return;
      const next = moveTo(order, id, to);
      setPreview(next);
      setAnnouncement(intl.formatMessage({ id: 'olympiadTests.ui.sort.moved' }, { item: named(id), where: where(id, next) }));
    } else if (key === ' ' || key === 'Enter') {
      event.preventDefault();
      setPicked(null);
      setPreview(null);
      commit(order, id);
    } else if (key === 'Escape' || key === 'Tab') {
      if (key === 'Escape') event.preventDefault();
      const original = items.map((item) => item.id);
      setPicked(null);
      setPreview(null);
      setAnnouncement(intl.formatMessage({ id: 'olympiadTests.ui.sort.cancelled' }, { item: named(id), where: where(id, original) }));
    }
  };

  const moveBy = (id: string, step: number) => {
    const current = items.map((item) => item.id);
    const to = current.indexOf(id) + step;
    if (to < 0 || to >= current.length) return;
    commit(moveTo(current, id, to), id);
  };

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>, id: string) => {
    if (disabled || picked || (event.pointerType === 'mouse' && event.button !== 0)) return;
    const rects = order.map((other) => rows.current.get(other)?.getBoundingClientRect());
    if (rects.some((rect) => !rect)) return;
    const boxes = rects as DOMRect[];
    const step = boxes.length > 1 ? boxes[1].top - boxes[0].top : boxes[0].height;
    // Keeps the drag ours when the finger leaves the handle; missing in some test DOMs.
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDrag({ id, pointerId: event.pointerId, from: order.indexOf(id), startY: event.clientY, dy: 0, mids: boxes.map((b) => b.top + b.height / 2), step, moved: false });
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId) return;
    const dy = event.clientY - drag.startY;
    if (!drag.moved && Math.abs(dy) < DRAG_SLOP_PX) return;
    event.preventDefault();
    setDrag({ ...drag, dy, moved: true });
  };
  const onPointerUp = (event: PointerEvent<HTMLButtonElement>, cancelledByBrowser: boolean) => {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId) return;
    const to = dropIndex(drag);
    setDrag(null);
    if (cancelledByBrowser || !drag.moved || to === drag.from) return;
    commit(moveTo(order, drag.id, to), drag.id);
  };

  // While dragging, the rows between the start and the drop make room; the dragged one follows the pointer.
  const shiftOf = (index: number): number => {
    if (!drag || !drag.moved) return 0;
    if (index === drag.from) return drag.dy;
    const to = dropIndex(drag);
    if (to > drag.from && index > drag.from && index <= to) return -drag.step;
    if (to < drag.from && index < drag.from && index >= to) return drag.step;
    return 0;
  };

  return (
    <div className={`sortable${slots ? ' sortable-matching' : ''}`} data-testid={testId}>
      <p id={instructionsId} className="visually-hidden">
        {intl.formatMessage({ id: 'olympiadTests.ui.sort.instructions' })}
      </p>
      <ol className="sortable-list" aria-labelledby={labelledBy}>
        {order.map((id, index) => {
          const item = byId.get(id);
          if (!item) return null;
          const isPicked = picked === id;
          const isDragged = drag?.moved && drag.id === id;
          return (
            <li
              key={id}
              ref={(node) => {
                if (node) rows.current.set(id, node);
                else rows.current.delete(id);
              }}
              className={`sortable-row${isPicked ? ' is-picked' : ''}${isDragged ? ' is-dragged' : ''}${slots && index >= slots.length ? ' is-spare' : ''}`}
              data-testid={`sortable-${item.letter}`}
            >
              {slots ? <span className="sortable-slot">{index < slots.length ? slots[index] : intl.formatMessage({ id: 'olympiadTests.ui.sort.spare' })}</span> : null}
              {/* Only the item moves under the pointer; a matching prompt stays in its row. */}
              <div className="sortable-item" style={shiftOf(index) ? { transform: `translateY(${shiftOf(index)}px)` } : undefined}>
                <button
                  type="button"
                  className="sortable-handle"
                  ref={(node) => {
                    if (node) handles.current.set(id, node);
                    else handles.current.delete(id);
                  }}
                  disabled={disabled}
                  aria-roledescription={intl.formatMessage({ id: 'olympiadTests.ui.sort.role' })}
                  aria-describedby={instructionsId}
                  aria-pressed={isPicked}
                  onKeyDown={(event) => onKeyDown(event, id)}
                  onPointerDown={(event) => onPointerDown(event, id)}
                  onPointerMove={onPointerMove}
                  onPointerUp={(event) => onPointerUp(event, false)}
                  onPointerCancel={(event) => onPointerUp(event, true)}
                  data-testid={`sortable-handle-${item.letter}`}
                >
                  <span className="sortable-grip" aria-hidden="true">
                    ⠿
                  </span>
                  {/* Named by what it shows, the place added after it for those who cannot see (WCAG 2.5.3). */}
                  <span className="option-letter">{item.letter}</span>
                  <span className="visually-hidden">. </span>
                  <span className="sortable-text">{item.text}</span>
                  <span className="visually-hidden">, {where(id, order)}</span>
                </button>
                <span className="sortable-buttons">
                  <button
                    type="button"
                    className="icon-action"
                    disabled={disabled || index === 0 || !!picked}
                    onClick={() => moveBy(id, -1)}
                    aria-label={intl.formatMessage({ id: 'olympiadTests.ui.sort.up' }, { item: named(id) })}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="icon-action"
                    disabled={disabled || index === count - 1 || !!picked}
                    onClick={() => moveBy(id, 1)}
                    aria-label={intl.formatMessage({ id: 'olympiadTests.ui.sort.down' }, { item: named(id) })}
                  >
                    ↓
                  </button>
                </span>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="visually-hidden" aria-live="assertive" aria-atomic="true" data-testid="sortable-announcement">
        {announcement}
      </div>
    </div>
  );
}
