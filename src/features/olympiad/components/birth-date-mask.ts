/**
 * Digits typed into a date field become `12.05.2012`: dots are put in after
 * the second and fourth digit, anything else is dropped. The order of day
 * and month is the language's; the mask only places the dots.
 */
export function maskBirthDate(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean);
  const masked = parts.join('.');
  // Keep a dot the person just typed after a complete day or month, so typing "12." works as expected.
  return /^\d{2}(\.\d{2})?\.$/.test(raw.trim()) && (digits.length === 2 || digits.length === 4) ? `${masked}.` : masked;
}
