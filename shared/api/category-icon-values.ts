/**
 * The icons a catalogue category may have: the one list the SPA draws
 * (src/components/category-icon.tsx), the admin's icon picker offers and the server accepts
 * (shared/validation/admin-categories.ts). Each name maps to the glyph drawn for it; every icon
 * of the reference categories (migration 0008) is here. Plain values, so the SPA may import it.
 */
export const CATEGORY_ICONS = {
  basket: '🧺',
  shirt: '👕',
  laptop: '💻',
  home: '🏠',
  heart: '❤️',
  toy: '🧸',
  book: '📚',
  flower: '💐',
  paw: '🐾',
  cup: '☕',
  pizza: '🍕',
  fish: '🐟',
  bread: '🥐',
  burger: '🍔',
  grill: '🍢',
  tools: '🛠️',
  broom: '🧹',
  scissors: '✂️',
  car: '🚗',
  school: '🎓',
  truck: '🚚',
  camera: '📷',
  sofa: '🛋️',
  guitar: '🎸',
  briefcase: '💼',
  phone: '📱',
  gift: '🎁',
  ball: '⚽',
  leaf: '🌿',
  tag: '🏷️',
} as const;

export type CategoryIcon = keyof typeof CATEGORY_ICONS;
export const CATEGORY_ICON_NAMES = Object.keys(CATEGORY_ICONS) as CategoryIcon[];

export const isCategoryIcon = (name: string): name is CategoryIcon => Object.prototype.hasOwnProperty.call(CATEGORY_ICONS, name);

/** The two kinds of catalogue category staff manage: ads' and businesses'. */
export const CATEGORY_TYPES = ['ad', 'business'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];
