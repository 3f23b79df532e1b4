/** ISO 8601 UTC with milliseconds, as API.md §0 requires. */
export const iso = (d: Date | string | null | undefined): string | undefined => (d == null ? undefined : new Date(d).toISOString());

/** Drops undefined and null values: API.md leaves absent optional fields out. */
export function compact<T extends Record<string, unknown>>(obj: T): T {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined && v !== null)) as T;
}
