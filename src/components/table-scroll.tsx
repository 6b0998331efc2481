import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

/**
 * A wide table on a narrow screen scrolls sideways inside this box; the box
 * takes focus so a keyboard can scroll it too (the arrows), and says what it is.
 */
export function TableScroll({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={intl.formatMessage({ id: 'common.scrollTable' })}>
      {children}
    </div>
  );
}
