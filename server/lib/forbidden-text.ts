import { forbiddenCharactersMessage, isPlainText } from '../../shared/validation/plain-text';
import type { FieldErrors } from '../../shared/validation/run-schema';

/** Enough to show a form what is wrong; a hostile body with thousands of bad strings gets no longer an answer. */
const MAX_FIELDS_REPORTED = 20;

/**
 * Every string in a request part (values and keys, at any depth) checked with
 * the one plain-text rule. Returns the fields that hold a forbidden character,
 * named as the 422 envelope names them (`options.0.text`), or null. Walks with
 * its own stack, so a body nested ten thousand levels deep costs no recursion.
 */
export function forbiddenTextFields(part: unknown): FieldErrors | null {
  const errors: FieldErrors = {};
  let found = 0;
  const report = (field: string) => {
    if (errors[field] || found >= MAX_FIELDS_REPORTED) return;
    errors[field] = [forbiddenCharactersMessage()];
    found += 1;
  };
  const stack: Array<{ value: unknown; field: string }> = [{ value: part, field: '' }];
  while (stack.length && found < MAX_FIELDS_REPORTED) {
    const { value, field } = stack.pop()!;
    if (typeof value === 'string') {
      if (!isPlainText(value)) report(field || '_');
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, field: join(field, String(index)) }));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        // A bad key is reported on its parent: the key itself cannot name a field.
        if (isPlainText(key)) stack.push({ value: item, field: join(field, key) });
        else report(field || '_');
      }
    }
  }
  return found ? errors : null;
}

const join = (field: string, key: string) => (field ? `${field}.${key}` : key);
