/**
 * Staff get both texts of a test or question (they edit both); lists show the
 * one of the screen's language, falling back to the Russian original — the
 * rule the server applies to what participants see (`localized`).
 */
export const inLanguage = (locale: string, text: string, textEn: string | null | undefined) => (locale.startsWith('en') && textEn ? textEn : text);
