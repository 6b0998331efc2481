import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { focusableIn, keepTabInside } from './focusable';
import './modal-dialog.css';

interface ModalDialogProps {
  /** `alertdialog` for a question that needs an answer before going on (SPEC: "end the test?"). */
  role?: 'dialog' | 'alertdialog';
  /** The id of the dialog's heading, its accessible name. */
  labelledBy: string;
  describedBy?: string;
  /** Escape calls it too; the owner unmounts the dialog. */
  onClose(): void;
  /** Where the focus starts (the harmless answer of a question); the first control otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  testId?: string;
  children: ReactNode;
}

/**
 * The one modal dialog of the app. While it is open the focus stays inside: Tab and Shift+Tab go round
 * its controls, and a focus that lands outside (a click on the page behind, a script) is brought back.
 * Escape closes it. When it closes, the focus returns to where it was before it opened (the button
 * that opened it), so a keyboard or screen-reader user goes on from the same place.
 */
export function ModalDialog({ role = 'dialog', labelledBy, describedBy, onClose, initialFocus, testId, children }: ModalDialogProps) {
  const box = useRef<HTMLDivElement>(null);
  // The latest onClose without re-running the effect (which would steal the focus back to its start).
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = box.current;
    if (!dialog) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const start = () => (initialFocus?.current ?? focusableIn(dialog)[0] ?? dialog).focus();
    start();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
      } else keepTabInside(dialog, event);
    };
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !dialog.contains(event.target)) start();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      if (opener?.isConnected) opener.focus();
    };
    // Once per opening: the focus is placed when the dialog appears, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="modal-backdrop">
      <div ref={box} className="modal" role={role} aria-modal="true" aria-labelledby={labelledBy} aria-describedby={describedBy} tabIndex={-1} data-testid={testId}>
        {children}
      </div>
    </div>
  );
}
