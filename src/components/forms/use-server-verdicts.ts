import { getIn, setIn, type FormikErrors, type FormikHelpers } from 'formik';
import { useMemo, useRef } from 'react';
import { serverFieldErrors } from './server-errors';

/** The server refused `value` at `path` with `message`. */
export interface Verdict {
  path: string;
  message: unknown;
  value: unknown;
}

/**
 * The verdicts whose field still holds the refused value. Formik replaces a
 * value (and every object above it) when it changes and keeps it otherwise,
 * so identity tells "unchanged" exactly, for a text, a chosen file or a list.
 */
export const standingVerdicts = <V>(verdicts: Verdict[], values: V) => verdicts.filter((verdict) => Object.is(getIn(values, verdict.path), verdict.value));

/** The client's errors with each standing verdict on its field; the client's own word on a field comes first. */
export function withVerdicts<V>(errors: FormikErrors<V>, verdicts: Verdict[]): FormikErrors<V> {
  let merged = errors;
  for (const verdict of verdicts) if (getIn(merged, verdict.path) === undefined) merged = setIn(merged, verdict.path, verdict.message);
  return merged;
}

type Validate<V> = (values: V) => FormikErrors<V> | Promise<FormikErrors<V>>;
type Helpers<V> = Pick<FormikHelpers<V>, 'setErrors' | 'setFieldTouched'>;

/**
 * A 422's field messages on the form, kept until their field changes.
 * Formik checks the form again on every blur and change and would drop them
 * (a taken name would vanish when the field loses the focus); wrapped in
 * `validate`, a verdict stays while its field holds the refused value and
 * goes for good once it changes, so the client rules take over.
 */
export function useServerVerdicts<V>(clientValidate: Validate<V>) {
  const verdicts = useRef<Verdict[]>([]);
  // Forms build their validate inline; the latest one is used without remaking formik's prop.
  const latest = useRef(clientValidate);
  latest.current = clientValidate;
  return useMemo(
    () => ({
      validate: async (values: V): Promise<FormikErrors<V>> => {
        const errors = await latest.current(values);
        verdicts.current = standingVerdicts(verdicts.current, values);
        return withVerdicts(errors, verdicts.current);
      },
      /**
       * Puts a failure's field messages under their fields (for the values that were sent);
       * false when it has none, so the caller shows it some other way. `rename` maps a body's
       * field to the form's where they differ (the file's `content` is the form's `file`).
       */
      applyServerErrors: (failure: unknown, values: V, helpers: Helpers<V>, rename: Record<string, string> = {}): boolean => {
        const messages = serverFieldErrors(failure);
        if (!messages) return false;
        const all = Object.entries(messages).map(([sent, message]) => {
          const path = rename[sent] ?? sent;
          return { path, message, value: getIn(values, path) };
        });
        // A path that names no field of the form could never change, and would block the form for good.
        verdicts.current = all.filter((verdict) => verdict.value !== undefined);
        helpers.setErrors(withVerdicts<V>({}, all));
        for (const { path } of all) helpers.setFieldTouched(path, true, false);
        return true;
      },
    }),
    [],
  );
}
