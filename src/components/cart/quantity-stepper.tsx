import { useIntl } from 'react-intl';

export interface QuantityStepperProps {
  value: number;
  min?: number;
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  /** The product's name, so a screen reader hears which stepper this is. */
  label: string;
}

/** − n +, never leaving [min, max]; the buttons say why they are off by being disabled at a bound. */
export function QuantityStepper({ value, min = 1, max, onChange, disabled, label }: QuantityStepperProps) {
  const intl = useIntl();
  const set = (next: number) => {
    const bounded = Math.min(max, Math.max(min, next));
    if (bounded !== value) onChange(bounded);
  };
  return (
    <span className="cart-stepper" role="group" aria-label={intl.formatMessage({ id: 'cart.ui.quantityOf' }, { name: label })}>
      <button type="button" className="button" onClick={() => set(value - 1)} disabled={disabled || value <= min} aria-label={intl.formatMessage({ id: 'cart.ui.less' })}>
        −
      </button>
      <output className="cart-stepper-value" data-testid="stepper-value" aria-live="polite">
        {value}
      </output>
      <button type="button" className="button" onClick={() => set(value + 1)} disabled={disabled || value >= max} aria-label={intl.formatMessage({ id: 'cart.ui.more' })}>
        +
      </button>
    </span>
  );
}
