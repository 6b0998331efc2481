import { useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { useIntl } from 'react-intl';
import { useAppSelector, useAppDispatch } from '../../session/hooks';
import { Link } from 'react-router';
import { selectToasts, toastDismissed, toastPaused, toastResumed, type Toast } from './toasts-slice';
import './toasts.css';

/** SPEC §9: a horizontal drag past this many pixels dismisses a toast. */
export const SWIPE_DISMISS_PX = 100;
/** Below this a press is still a click, not the start of a swipe. */
const CLICK_SLOP_PX = 5;

type HoldReason = 'hover' | 'focus' | 'press';

interface Drag {
  pointerId: number;
  startX: number;
  moved: boolean;
}

function ToastCard({ toast }: { toast: Toast }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<Drag | null>(null);
  const suppressClick = useRef(false);
  // Hover, focus and a finger on the toast each stop its clock; it runs again when none is left.
  const holds = useRef(new Set<HoldReason>());

  const hold = (reason: HoldReason) => {
    if (holds.current.has(reason)) return;
    if (holds.current.size === 0) dispatch(toastPaused(toast.id));
    holds.current.add(reason);
  };
  const release = (reason: HoldReason) => {
    if (!holds.current.delete(reason)) return;
    if (holds.current.size === 0) dispatch(toastResumed(toast.id));
  };
  const dismiss = () => dispatch(toastDismissed(toast.id));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, moved: false };
    suppressClick.current = false;
    // Keeps the drag ours when the finger leaves the toast; missing in some test DOMs.
    event.currentTarget.setPointerCapture?.(event.pointerId);
    hold('press');
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = event.clientX - current.startX;
    if (!current.moved && Math.abs(dx) <= CLICK_SLOP_PX) return;
    current.moved = true;
    setDragging(true);
    setOffset(dx);
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    suppressClick.current = current.moved;
    setDragging(false);
    release('press');
    if (!cancelled && Math.abs(event.clientX - current.startX) > SWIPE_DISMISS_PX) dismiss();
    else setOffset(0);
  };
  // A swipe that ends over the link or the close button is not a click on it.
  const onClickCapture = (event: MouseEvent) => {
    if (!suppressClick.current) return;
    suppressClick.current = false;
    event.preventDefault();
    event.stopPropagation();
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) release('focus');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') dismiss();
  };

  const style = offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.4, 1 - Math.abs(offset) / (SWIPE_DISMISS_PX * 2)) } : undefined;

  return (
    <div
      className={`toast toast-${toast.kind}${dragging ? ' toast-dragging' : ''}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      style={style}
      onPointerEnter={() => hold('hover')}
      onPointerLeave={() => release('hover')}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => endDrag(event, false)}
      onPointerCancel={(event) => endDrag(event, true)}
      onClickCapture={onClickCapture}
      onFocus={() => hold('focus')}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <div className="toast-content">
        <p className="toast-title">{toast.title}</p>
        {toast.body ? <p className="toast-body">{toast.body}</p> : null}
        {toast.link ? (
          <Link className="toast-link" to={toast.link} onClick={dismiss}>
            {intl.formatMessage({ id: 'toasts.open' })}
          </Link>
        ) : null}
      </div>
      <button type="button" className="toast-close" aria-label={intl.formatMessage({ id: 'common.close' })} onClick={dismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** The corner where toasts appear; place it once, inside the router. */
export function ToastViewport() {
  const intl = useIntl();
  const toasts = useAppSelector(selectToasts);
  return (
    <div className="toast-viewport" role="region" aria-label={intl.formatMessage({ id: 'toasts.region' })}>
      {toasts
        .slice()
        .reverse()
        .map((toast) => (
          <ToastCard key={toast.id} toast={toast} />
        ))}
    </div>
  );
}
