import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

/** A labelled select of a list's filter bar; the page keeps its value in the URL. */
export function FilterSelect({ labelId, value, onChange, children }: { labelId: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  const intl = useIntl();
  // Its own label element (not one around the select), so the select is named by the label alone.
  const id = useId();
  return (
    <div className="cat-filter">
      <label htmlFor={id}>{intl.formatMessage({ id: labelId })}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}
