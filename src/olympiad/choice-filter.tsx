import { useId } from 'react';

interface ChoiceFilterProps {
  label: string;
  /** The first option, meaning "no filter" (empty value); left out when one of the choices must be picked. */
  anyLabel?: string;
  value: string;
  choices: ReadonlyArray<{ value: string; label: string }>;
  onChange(value: string): void;
  testId: string;
}

/** One labelled filter of the olympiad's lists (rating, gallery): a choice among `choices`, or any. */
export function ChoiceFilter({ label, anyLabel, value, choices, onChange, testId }: ChoiceFilterProps) {
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} data-testid={testId}>
        {anyLabel !== undefined ? <option value="">{anyLabel}</option> : null}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
