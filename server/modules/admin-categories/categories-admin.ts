import { sql, type Name } from 'drizzle-orm';
import type { AuditTarget } from '../../../shared/admin/audit-actions';
import type { AdminCategory } from '../../../shared/api/admin-categories';
import type { BusinessKind } from '../../../shared/api/catalog-values';
import type { CategoryType } from '../../../shared/api/category-icon-values';
import { categorySlugOf, type CategoryCreateInput, type CategoryFieldsInput } from '../../../shared/validation/admin-categories';
import type { Db } from '../../db/client';
import { HttpError, notFound, validationFailed } from '../../lib/http-error';
import { uniqueViolation } from '../../lib/unique-violation';
import { recordAudit } from '../admin/audit-log';
import { catalogChanged } from '../catalog/common/catalog-changes';
import { rawRows } from '../catalog/common/raw-rows';

/**
 * Ad and business categories as admins keep them (issue 17). The two tables have the same columns
 * (business ones add a kind), so each statement is written once over the type's table. Every
 * change runs in one transaction with its audit row, then moves the catalogue's generation on so
 * this process's kept search results and category names are dropped at once.
 */
interface TypeTables {
  table: Name;
  /** What is filed under a category: ads or businesses. */
  items: Name;
  target: AuditTarget;
  hasKind: boolean;
}

const TYPES: Record<CategoryType, TypeTables> = {
  ad: { table: sql.identifier('ad_categories'), items: sql.identifier('ads'), target: 'ad-category', hasKind: false },
  business: { table: sql.identifier('business_categories'), items: sql.identifier('businesses'), target: 'business-category', hasKind: true },
};

interface Row {
  id: number;
  kind: BusinessKind | null;
  slug: string;
  name: string;
  name_en: string | null;
  icon: string;
  position: number;
  usage: number | string;
}

const toCategory = (type: CategoryType, row: Row): AdminCategory => ({
  id: Number(row.id),
  type,
  kind: row.kind ?? null,
  slug: row.slug,
  name: row.name,
  name_en: row.name_en,
  icon: row.icon,
  position: Number(row.position),
  usage: Number(row.usage),
});

/** The fields of an audit row: what a person would compare. */
const audited = (category: AdminCategory) => ({ slug: category.slug, kind: category.kind, name: category.name, name_en: category.name_en, icon: category.icon, position: category.position });

const slugTaken = (slug: string) => new HttpError(422, 'errors.validation', undefined, { name_en: [{ key: 'admin.categories.errors.slugTaken', values: { slug } }] });

export function categoriesAdmin(db: Db) {
  const columns = (type: CategoryType) => sql`c.id, ${TYPES[type].hasKind ? sql`c.kind` : sql`null as kind`}, c.slug, c.name, c.name_en, c.icon, c.position,
      (select count(*) from ${TYPES[type].items} i where i.category_id = c.id) as usage`;

  async function find(tx: Db, type: CategoryType, id: number, lock = false): Promise<AdminCategory | null> {
    const [row] = await rawRows<Row>(tx, sql`select ${columns(type)} from ${TYPES[type].table} c where c.id = ${id} ${lock ? sql`for update` : sql``}`);
    return row ? toCategory(type, row) : null;
  }

  async function slugFree(tx: Db, type: CategoryType, slug: string, exceptId: number | null): Promise<boolean> {
    const rows = await rawRows<{ id: number }>(tx, sql`select id from ${TYPES[type].table} where slug = ${slug} ${exceptId ? sql`and id <> ${exceptId}` : sql``}`);
    return rows.length === 0;
  }

  /** Runs a change in a transaction; a slug that another category took meanwhile is the same 422 as one found taken. */
  async function change<T>(work: (tx: Db) => Promise<T>, slug: () => string | null = () => null): Promise<T> {
    try {
      const result = await db.transaction((tx) => work(tx));
      catalogChanged(db);
      return result;
    } catch (error) {
      const wanted = slug();
      if (wanted !== null && uniqueViolation(error) !== null) throw slugTaken(wanted);
      throw error;
    }
  }

  return {
    get: (type: CategoryType, id: number) => find(db, type, id),

    async list(type: CategoryType): Promise<AdminCategory[]> {
      const order = TYPES[type].hasKind ? sql`c.kind, c.position, c.id` : sql`c.position, c.id`;
      return (await rawRows<Row>(db, sql`select ${columns(type)} from ${TYPES[type].table} c order by ${order}`)).map((row) => toCategory(type, row));
    },

    /** A new category goes to the end of its type (of its kind for business ones). */
    async create(input: CategoryCreateInput, actorId: number): Promise<AdminCategory> {
      const type = input.type as CategoryType;
      const slug = categorySlugOf(input.name_en);
      return change(async (tx) => {
        if (!(await slugFree(tx, type, slug, null))) throw slugTaken(slug);
        const group = TYPES[type].hasKind ? sql`where kind = ${input.kind}` : sql``;
        const [{ next }] = await rawRows<{ next: number }>(tx, sql`select coalesce(max(position), 0) + 10 as next from ${TYPES[type].table} ${group}`);
        const [{ id }] = await rawRows<{ id: number }>(
          tx,
          TYPES[type].hasKind
            ? sql`insert into ${TYPES[type].table} (slug, kind, name, name_en, icon, position) values (${slug}, ${input.kind}, ${input.name}, ${input.name_en}, ${input.icon}, ${Number(next)}) returning id`
            : sql`insert into ${TYPES[type].table} (slug, name, name_en, icon, position) values (${slug}, ${input.name}, ${input.name_en}, ${input.icon}, ${Number(next)}) returning id`,
        );
        const created = (await find(tx, type, Number(id)))!;
        await recordAudit(tx, { actorId, action: 'category.create', targetType: TYPES[type].target, targetId: created.id, after: audited(created) });
        return created;
      }, () => slug);
    },

    /** New names or icon; a changed English name gives a new slug. */
    async update(type: CategoryType, id: number, input: CategoryFieldsInput, actorId: number): Promise<AdminCategory> {
      let slug: string | null = null;
      return change(async (tx) => {
        const before = await find(tx, type, id, true);
        if (!before) throw notFound();
        slug = input.name_en === before.name_en ? before.slug : categorySlugOf(input.name_en);
        if (slug !== before.slug && !(await slugFree(tx, type, slug, id))) throw slugTaken(slug);
        await tx.execute(sql`update ${TYPES[type].table} set slug = ${slug}, name = ${input.name}, name_en = ${input.name_en}, icon = ${input.icon} where id = ${id}`);
        const after = (await find(tx, type, id))!;
        await recordAudit(tx, { actorId, action: 'category.update', targetType: TYPES[type].target, targetId: id, before: audited(before), after: audited(after) });
        return after;
      }, () => slug);
    },

    /** Only an unused category goes; one in use is refused with the way out (merging). */
    async remove(type: CategoryType, id: number, actorId: number): Promise<void> {
      await change(async (tx) => {
        const before = await find(tx, type, id, true);
        if (!before) throw notFound();
        // Lock the items' rows that point here, so none is filed under it between the count and the delete.
        const [{ used }] = await rawRows<{ used: number | string }>(
          tx,
          sql`select count(*) as used from (select 1 from ${TYPES[type].items} where category_id = ${id} for update) i`,
        );
        if (Number(used) > 0) throw new HttpError(409, 'admin.categories.errors.inUse', { count: Number(used) });
        await tx.execute(sql`delete from ${TYPES[type].table} where id = ${id}`);
        await recordAudit(tx, { actorId, action: 'category.delete', targetType: TYPES[type].target, targetId: id, before: audited(before) });
      });
    },

    /** Positions 10, 20, … in the order given, which must name every category of the group once. */
    async reorder(type: CategoryType, kind: BusinessKind | null, ids: number[], actorId: number): Promise<AdminCategory[]> {
      if (TYPES[type].hasKind && !kind) throw validationFailed({ kind: [{ key: 'admin.categories.errors.kind' }] });
      return change(async (tx) => {
        const group = TYPES[type].hasKind ? sql`where kind = ${kind}` : sql``;
        const current = await rawRows<{ id: number; position: number }>(tx, sql`select id, position from ${TYPES[type].table} ${group} order by position, id for update`);
        const known = new Set(current.map((row) => Number(row.id)));
        if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) throw new HttpError(409, 'admin.categories.errors.orderStale');
        for (const [index, id] of ids.entries()) await tx.execute(sql`update ${TYPES[type].table} set position = ${(index + 1) * 10} where id = ${id}`);
        await recordAudit(tx, {
          actorId,
          action: 'category.reorder',
          targetType: TYPES[type].target,
          targetId: null,
          before: { kind, ids: current.map((row) => Number(row.id)) },
          after: { kind, ids },
        });
        const order = sql`order by position, id`;
        return (await rawRows<Row>(tx, sql`select ${columns(type)} from ${TYPES[type].table} c ${group} ${order}`)).map((row) => toCategory(type, row));
      });
    },

    /** Every ad or business of `sourceId` moves to `targetId` (same type; same kind), then the source goes. */
    async merge(type: CategoryType, sourceId: number, targetId: number, actorId: number): Promise<{ target: AdminCategory; moved: number }> {
      return change(async (tx) => {
        // Both locked in id order, so two merges of the same pair the other way round cannot deadlock.
        const [first, second] = sourceId < targetId ? [sourceId, targetId] : [targetId, sourceId];
        const a = await find(tx, type, first, true);
        const b = await find(tx, type, second, true);
        const source = first === sourceId ? a : b;
        const target = first === sourceId ? b : a;
        if (!source) throw notFound();
        if (!target) throw validationFailed({ target_id: [{ key: 'admin.categories.errors.mergeTarget' }] });
        if (source.kind !== target.kind) throw validationFailed({ target_id: [{ key: 'admin.categories.errors.mergeKind' }] });
        // The items' search documents are rewritten by their trigger (the category's words are in them).
        const moved = await rawRows<{ id: number }>(tx, sql`update ${TYPES[type].items} set category_id = ${targetId} where category_id = ${sourceId} returning id`);
        await tx.execute(sql`delete from ${TYPES[type].table} where id = ${sourceId}`);
        await recordAudit(tx, {
          actorId,
          action: 'category.merge',
          targetType: TYPES[type].target,
          targetId: sourceId,
          before: audited(source),
          after: { merged_into: targetId, moved: moved.length },
        });
        return { target: (await find(tx, type, targetId))!, moved: moved.length };
      });
    },
  };
}

export type CategoriesAdmin = ReturnType<typeof categoriesAdmin>;
