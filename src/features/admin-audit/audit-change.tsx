import { useIntl } from 'react-intl';

type Fields = Record<string, unknown> | null;

/**
 * Before and after of one audit row, as words: each field named (a known one translated, another
 * as stored), yes/no for flags, roles by their names; only fields either side has.
 */
export function AuditChange({ before, after }: { before: Fields; after: Fields }) {
  const intl = useIntl();
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (keys.length === 0) return <>{intl.formatMessage({ id: 'admin.audit.empty.value' })}</>;
  const known = (id: string) => intl.messages[id] !== undefined;
  const name = (key: string) => (known(`admin.audit.field.${key}`) ? intl.formatMessage({ id: `admin.audit.field.${key}` }) : key);
  const value = (key: string, raw: unknown): string => {
    if (raw === undefined || raw === null || raw === '') return intl.formatMessage({ id: 'admin.audit.empty.value' });
    if (typeof raw === 'boolean') return intl.formatMessage({ id: raw ? 'admin.audit.yes' : 'admin.audit.no' });
    if (key === 'role' && typeof raw === 'string' && known(`role.${raw}`)) return intl.formatMessage({ id: `role.${raw}` });
    return typeof raw === 'string' ? raw : JSON.stringify(raw);
  };
  return (
    <dl className="audit-change">
      {keys.map((key) => (
        <div key={key}>
          <dt>{name(key)}</dt>
          <dd>
            <span className="visually-hidden">{intl.formatMessage({ id: 'admin.audit.before' })}: </span>
            {value(key, before?.[key])}
            {' → '}
            <span className="visually-hidden">{intl.formatMessage({ id: 'admin.audit.after' })}: </span>
            {value(key, after?.[key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}
