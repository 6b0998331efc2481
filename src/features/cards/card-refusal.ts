import { serverFieldErrors } from '../../components/forms/server-errors';
import { SECRET_FIELDS } from './card-values';

/** Fields whose refusal is said as the form's message: the number and CVC are emptied, and `_` is the whole form. */
const SAID_ON_THE_FORM: readonly string[] = [...SECRET_FIELDS, '_'];

/**
 * A refused card in two parts: the words about the number, the CVC or the
 * whole form (a declined card, the limit of saved cards), and a 422 of the
 * other fields (expiry, holder) to keep on those fields until they change.
 */
export function splitCardRefusal(failure: unknown): { message: string | null; fieldFailure: unknown } {
  const fields = serverFieldErrors(failure) ?? {};
  const said = SAID_ON_THE_FORM.map((field) => fields[field]).filter((text): text is string => typeof text === 'string');
  const rest = Object.entries(fields).filter(([field]) => !SAID_ON_THE_FORM.includes(field));
  return {
    message: said.length ? said.join(' ') : null,
    fieldFailure: rest.length ? { status: 422, data: { message: '', errors: Object.fromEntries(rest.map(([field, text]) => [field, [text]])) } } : null,
  };
}
