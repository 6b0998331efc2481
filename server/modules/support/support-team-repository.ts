import { and, asc, eq, inArray } from 'drizzle-orm';
import type { SupportNoteResource } from '../../../shared/api/support';
import { STAFF_ROLES } from '../../../shared/roles';
import type { Db } from '../../db/client';
import { supportNotes, users, type User } from '../../db/schema';
import { toNoteResource } from './support-resource';

/** The support team's side of a conversation: who may be assigned it, and the notes agents leave for each other. */
export function supportTeamRepository(db: Db) {
  return {
    /** Staff who can be assigned a conversation. */
    async agent(userId: number): Promise<User | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), inArray(users.role, [...STAFF_ROLES])))
        .limit(1);
      return row ?? null;
    },

    agents() {
      return db
        .select({ id: users.id, name: users.name, image: users.image, role: users.role })
        .from(users)
        .where(inArray(users.role, [...STAFF_ROLES]))
        .orderBy(asc(users.name), asc(users.id));
    },

    async notes(chatId: number): Promise<SupportNoteResource[]> {
      const rows = await db
        .select({ note: supportNotes, author: { id: users.id, name: users.name, image: users.image } })
        .from(supportNotes)
        .leftJoin(users, eq(users.id, supportNotes.authorId))
        .where(eq(supportNotes.chatId, chatId))
        .orderBy(asc(supportNotes.id));
      return rows.map((r) => toNoteResource(r.note, r.author?.id != null ? r.author : null));
    },

    async addNote(tx: Db, chatId: number, author: User, content: string): Promise<SupportNoteResource> {
      const [note] = await tx.insert(supportNotes).values({ chatId, authorId: author.id, content }).returning();
      return toNoteResource(note, author);
    },
  };
}
