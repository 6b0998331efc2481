import { useIntl } from 'react-intl';

interface RadioFacetProps {
  legendId: string;
  /** The URL parameter the choice lives in. */
  param: string;
  options: Array<{ value: number; label: string; count: number }>;
  /** The value now in the URL ('' when none). */
  current: string;
  onChange: (value: string | null) => void;
}

/** One choice out of a facet's values, each with its count, and a way back to "any". */
export function RadioFacet({ legendId, param, options, current, onChange }: RadioFacetProps) {
  const intl = useIntl();
  if (!options.length) return null;
  return (
    <fieldset>
      <legend>{intl.formatMessage({ id: legendId })}</legend>
      {options.map(({ value, label, count }) => (
        <label key={value} className="cat-facet">
          <span>
            <input type="radio" name={param} checked={current === String(value)} onChange={() => onChange(String(value))} /> {label}
          </span>
          <span className="cat-muted">{count}</span>
        </label>
      ))}
      {current && (
        <button type="button" className="button" onClick={() => onChange(null)}>
          {intl.formatMessage({ id: 'catalog.ui.filter.clear' })}
        </button>
      )}
    </fieldset>
  );
}
