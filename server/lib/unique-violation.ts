/**
 * The constraint a PostgreSQL unique violation (23505) hit, or null for any other
 * error. Both drivers wrap it differently (pg puts it on the error, drizzle on `cause`).
 */
export function uniqueViolation(error: unknown): string | null {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  for (const candidate of candidates) {
    const e = candidate as { code?: string; constraint?: string; detail?: string } | null;
    if (e?.code === '23505') return e.constraint ?? e.detail ?? '';
  }
  return null;
}
