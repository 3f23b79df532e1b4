/** ISO 8601 UTC with milliseconds, as API.md §0 requires. */
export function iso(d: Date | string): string;
export function iso(d: Date | string | null | undefined): string | undefined;
export function iso(d: Date | string | null | undefined): string | undefined {
  return d == null ? undefined : new Date(d).toISOString();
}

/** Drops undefined and null values: API.md leaves absent optional fields out. */
export function compact<T extends Record<string, unknown>>(obj: T): T {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined && v !== null)) as T;
}
