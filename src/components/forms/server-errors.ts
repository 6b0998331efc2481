import { setIn, type FormikErrors } from 'formik';
import { apiErrorBody } from '../../services/api';

/** One message per field path, as the form shows it (a string from the server, a catalogue key from a rule). */
export type FieldMessages = Record<string, unknown>;

/**
 * The field messages of a 422 (`errors: { "title": [..], "items.0.title": [..] }`),
 * the first of each field; null when the failure carries none.
 */
export function serverFieldErrors(failure: unknown): FieldMessages | null {
  const errors = apiErrorBody(failure)?.errors;
  if (!errors) return null;
  const entries = Object.entries(errors).filter(([, list]) => Array.isArray(list) && list.length > 0);
  return entries.length ? Object.fromEntries(entries.map(([path, list]) => [path, list[0]])) : null;
}

/**
 * Field paths → formik's errors object. Paths are read as formik reads a
 * field's name, so the server's "items.0.title" and a rule's "items[0].title"
 * both land where `useField('items.0.title')` looks; a list of lists as
 * from `runSchema` gives its first message.
 */
export function toFormikErrors<V>(messages: Record<string, unknown>): FormikErrors<V> {
  let errors: FormikErrors<V> = {};
  for (const [path, message] of Object.entries(messages)) errors = setIn(errors, path, Array.isArray(message) ? message[0] : message);
  return errors;
}
