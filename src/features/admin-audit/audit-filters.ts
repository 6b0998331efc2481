import { MAX_ID } from '../../../shared/api/number-values';
import { msg, type ValidationMessage } from '../../../shared/validation/message';

export const AUDIT_FILTERS = ['actor_id', 'action', 'target_type', 'target_id', 'from', 'to'] as const;
export type AuditFilter = (typeof AUDIT_FILTERS)[number];
export type AuditFilterValues = Record<AuditFilter, string>;

const isId = (value: string) => /^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_ID;
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/**
 * The filters' own checks before they go to the URL, in the server's words (ids as the API reads
 * them, days as YYYY-MM-DD that exist, the end not before the start).
 */
export function auditFilterErrors(values: AuditFilterValues): Partial<Record<AuditFilter, ValidationMessage>> {
  const errors: Partial<Record<AuditFilter, ValidationMessage>> = {};
  for (const key of ['actor_id', 'target_id'] as const) if (values[key].trim() && !isId(values[key].trim())) errors[key] = msg('admin.audit.errors.id');
  for (const key of ['from', 'to'] as const) if (values[key] && !isDay(values[key])) errors[key] = msg('admin.audit.errors.day');
  if (!errors.from && !errors.to && values.from && values.to && values.from > values.to) errors.to = msg('admin.audit.errors.range');
  return errors;
}
