import { useIntl } from 'react-intl';
import { CURRENCIES } from '../../../../shared/api/catalog-values';
import { SelectField } from '../../../components/forms/select-field';

interface Choice {
  id: number;
  name: string;
}

/** A select of named things (categories, my businesses) with a first "none" entry. */
export function ChoiceSelect({ name, labelId, emptyId, choices, locked }: { name: string; labelId: string; emptyId: string; choices: Choice[] | undefined; locked?: boolean }) {
  const intl = useIntl();
  return (
    <SelectField name={name} labelId={labelId}>
      <option value="">{intl.formatMessage({ id: emptyId })}</option>
      {choices?.map((choice) => (
        <option key={choice.id} value={choice.id} disabled={locked}>
          {choice.name}
        </option>
      ))}
    </SelectField>
  );
}

export function CurrencySelect() {
  return (
    <SelectField name="currency" labelId="catalog.ui.form.currency">
      {CURRENCIES.map((currency) => (
        <option key={currency} value={currency}>
          {currency}
        </option>
      ))}
    </SelectField>
  );
}

/** Published or draft; an existing item may also be archived. */
export function StatusSelect({ editing }: { editing: boolean }) {
  const intl = useIntl();
  return (
    <SelectField name="status" labelId="catalog.ui.form.status">
      <option value="published">{intl.formatMessage({ id: 'catalog.ui.status.published' })}</option>
      <option value="draft">{intl.formatMessage({ id: 'catalog.ui.status.draft' })}</option>
      {editing && <option value="archived">{intl.formatMessage({ id: 'catalog.ui.status.archived' })}</option>}
    </SelectField>
  );
}
