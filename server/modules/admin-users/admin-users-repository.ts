import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { AdminUserDetail, AdminUserRow, AdminUsersQuery } from '../../../shared/api/admin-users';
import { MAX_ID } from '../../../shared/api/number-values';
import type { Db } from '../../db/client';
import { ads, authTokens, businesses, chatMembers, orders, users, type User } from '../../db/schema';
import { iso } from '../../lib/serialize';

/** How many of a person's businesses, ads and orders the detail lists (the counts say how many there are). */
const LATEST = 5;

/** `%`, `_` and `\` typed into the search box are looked for as themselves. */
const likeable = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Digits only and inside the id range: the box holds an id (as well as, maybe, part of a phone number). */
function asId(q: string): number | null {
  if (!/^\d{1,10}$/.test(q)) return null;
  const id = Number(q);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** The staff's view of who blocked: a name, else an address, else `#id`. */
export const displayName = (user: Pick<User, 'id' | 'name' | 'email' | 'phone'>) => user.name || user.email || user.phone || `#${user.id}`;

/** Reads of the users section; changes are in admin-users-service.ts. */
export function adminUsersRepository(db: Db) {
  async function namesOf(ids: Array<number | null>): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    if (!wanted.length) return new Map();
    const rows = await db.select({ id: users.id, name: users.name, email: users.email, phone: users.phone }).from(users).where(inArray(users.id, wanted));
    return new Map(rows.map((row) => [row.id, displayName(row)]));
  }

  async function rowsOf(list: User[]): Promise<AdminUserRow[]> {
    const names = await namesOf(list.map((user) => user.blockedBy));
    return list.map((user) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      role: user.role,
      created_at: iso(user.createdAt),
      blocked: user.blockedAt
        ? {
            at: iso(user.blockedAt),
            reason: user.blockedReason ?? '',
            by: user.blockedBy === null ? null : { id: user.blockedBy, name: names.get(user.blockedBy) ?? `#${user.blockedBy}` },
          }
        : null,
    }));
  }

  return {
    rowsOf,

    async search(query: AdminUsersQuery): Promise<{ rows: AdminUserRow[]; total: number }> {
      const conditions: SQL[] = [];
      const q = query.q?.trim() ?? '';
      if (q) {
        const like = likeable(q);
        const digits = q.replace(/[^\d]/g, '');
        const id = asId(q);
        const any = [ilike(users.name, like), ilike(users.email, like)];
        // Phones are stored normalised (+79000000000): match the digits whatever spacing was typed.
        if (digits.length >= 3) any.push(ilike(users.phone, likeable(digits)));
        if (id !== null) any.push(eq(users.id, id));
        conditions.push(or(...any)!);
      }
      if (query.role) conditions.push(eq(users.role, query.role));
      if (query.blocked === 'yes') conditions.push(isNotNull(users.blockedAt));
      if (query.blocked === 'no') conditions.push(isNull(users.blockedAt));
      const where = conditions.length ? and(...conditions) : undefined;
      const direction = query.dir === 'asc' ? asc : desc;
      const order =
        query.sort === 'name' ? [direction(users.name), direction(users.id)] : query.sort === 'id' ? [direction(users.id)] : [direction(users.createdAt), direction(users.id)];
      const [list, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(...order)
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows: await rowsOf(list), total: Number(total.n) };
    },

    async byId(id: number): Promise<User | undefined> {
      return (await db.select().from(users).where(eq(users.id, id)))[0];
    },

    async detail(user: User): Promise<AdminUserDetail> {
      const now = new Date();
      const [[row], ownBusinesses, [businessCount], ownAds, [adCount], ownOrders, [orderCount], [chatCount], sessions] = await Promise.all([
        rowsOf([user]),
        db.select().from(businesses).where(eq(businesses.ownerId, user.id)).orderBy(desc(businesses.id)).limit(LATEST),
        db.select({ n: count() }).from(businesses).where(eq(businesses.ownerId, user.id)),
        db.select().from(ads).where(eq(ads.userId, user.id)).orderBy(desc(ads.id)).limit(LATEST),
        db.select({ n: count() }).from(ads).where(eq(ads.userId, user.id)),
        db.select().from(orders).where(eq(orders.buyerId, user.id)).orderBy(desc(orders.id)).limit(LATEST),
        db.select({ n: count() }).from(orders).where(eq(orders.buyerId, user.id)),
        db.select({ n: count() }).from(chatMembers).where(eq(chatMembers.userId, user.id)),
        db
          .select()
          .from(authTokens)
          .where(and(eq(authTokens.userId, user.id), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, now)))
          .orderBy(desc(authTokens.lastUsedAt)),
      ]);
      return {
        ...row,
        locale: user.locale,
        businesses: {
          total: Number(businessCount.n),
          latest: ownBusinesses.map((b) => ({ id: b.id, name: b.name, kind: b.kind, created_at: iso(b.createdAt) })),
        },
        ads: { total: Number(adCount.n), latest: ownAds.map((a) => ({ id: a.id, title: a.title, status: a.status, created_at: iso(a.createdAt) })) },
        orders: {
          total: Number(orderCount.n),
          latest: ownOrders.map((o) => ({ id: o.id, status: o.status, total: o.total, currency: o.currency, created_at: iso(o.createdAt) })),
        },
        chats: Number(chatCount.n),
        sessions: sessions.map((s) => ({ id: s.id, user_agent: s.userAgent, ip: s.ip, created_at: iso(s.createdAt), last_used_at: iso(s.lastUsedAt) })),
      };
    },
  };
}

export type AdminUsersRepository = ReturnType<typeof adminUsersRepository>;
