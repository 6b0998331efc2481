import { CATEGORY_ICONS, isCategoryIcon } from '../../shared/api/category-icon-values';

/**
 * A catalogue category's icon, drawn from the one list (shared/api/category-icon-values.ts).
 * Decorative: the category's name beside it says what it is. An unknown name draws nothing.
 */
export function CategoryIcon({ name }: { name: string }) {
  if (!isCategoryIcon(name)) return null;
  return (
    <span className="category-icon" aria-hidden="true" data-icon={name}>
      {CATEGORY_ICONS[name]}
    </span>
  );
}
