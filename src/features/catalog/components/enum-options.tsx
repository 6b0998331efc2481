import { useIntl } from 'react-intl';

/** One `<option>` per value of a fixed list, labelled from the catalogue key `${prefix}.${value}`. */
export function EnumOptions({ values, prefix }: { values: readonly string[]; prefix: string }) {
  const intl = useIntl();
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {intl.formatMessage({ id: `${prefix}.${value}` })}
        </option>
      ))}
    </>
  );
}
