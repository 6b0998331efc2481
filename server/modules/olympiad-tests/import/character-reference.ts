import { isPlainText } from '../../../../shared/validation/plain-text';

/**
 * The character a numeric reference (`&#65;`, `&#x41;`) stands for, or null
 * when it names none we accept: beyond U+10FFFF, a surrogate, U+FFFE/U+FFFF
 * (not characters in XML), or one the plain-text rule refuses (NUL and other
 * controls). A file cannot smuggle in by reference what its text may not hold.
 */
export function referencedCharacter(reference: string): string | null {
  const code = reference.startsWith('#x') || reference.startsWith('#X') ? parseInt(reference.slice(2), 16) : parseInt(reference.slice(1), 10);
  if (!Number.isSafeInteger(code) || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) || code === 0xfffe || code === 0xffff) return null;
  const character = String.fromCodePoint(code);
  return isPlainText(character) ? character : null;
}
