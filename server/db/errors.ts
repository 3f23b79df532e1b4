/** PostgreSQL's unique_violation (SQLSTATE 23505): an INSERT or UPDATE met a unique index or constraint. */
const UNIQUE_VIOLATION = '23505';

/** Whether a database error is a unique violation, of the named constraint or index when one is given. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: unknown; constraint?: unknown } | null | undefined;
  return e?.code === UNIQUE_VIOLATION && (constraint === undefined || e.constraint === constraint);
}

/**
 * Runs a write; a unique violation (of `constraint` when given) becomes the answer `toError` makes, such as
 * API.md's duplicate-name 400. Any other error passes through unchanged.
 */
export async function onUniqueViolation<T>(
  write: () => Promise<T>,
  toError: (err: unknown) => Error,
  constraint?: string,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, constraint)) throw toError(err);
    throw err;
  }
}
