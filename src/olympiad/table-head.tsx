import { useIntl } from 'react-intl';

/** A table's header row from catalogue keys: `${prefix}.${column}`. */
export function TableHead({ columns, prefix }: { columns: readonly string[]; prefix: string }) {
  const intl = useIntl();
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {intl.formatMessage({ id: `${prefix}.${column}` })}
          </th>
        ))}
      </tr>
    </thead>
  );
}
