import { Type } from 'typebox';
import { field } from './fields';

/**
 * "Also known as" names of a category, subcategory or brand (ours): search and suggestions match them like the
 * name (a Latin spelling, a common misspelling, a product line). Sent as a JSON array of texts, or as one text
 * with the names separated by commas (what a form field holds); an empty list or "" clears them.
 */
export const MAX_ALIASES = 10;
export const MAX_ALIAS_LENGTH = 32;

/** The aliases a body sends: trimmed, without empty ones or repeats (regardless of case); undefined when absent. */
export function aliasesOf(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((v) =>
    typeof v === 'string' ? v.split(/[,،\n]/) : [String(v ?? '')],
  );
  const seen = new Set<string>();
  const aliases: string[] = [];
  for (const part of parts.map((p) => p.trim()).filter(Boolean)) {
    if (seen.has(part.toLowerCase())) continue;
    seen.add(part.toLowerCase());
    aliases.push(part);
  }
  return aliases;
}

/**
 * The field (see aliasesOf): texts only, at most MAX_ALIASES of at most MAX_ALIAS_LENGTH characters each. Not sent
 * leaves the stored names; null, [] or "" clears them (null is handed on as null).
 */
export const aliasesField = () =>
  field
    .custom(
      Type.Array(Type.String(), {
        description:
          'Other names search matches (ours): a list of texts, or one text separated by commas; at most 10 of ≤ 32 characters; [], "" or null clears',
      }),
      aliasesOf,
    )
    .orNull()
    .check(
      (v) => (Array.isArray(v) ? v : [v]).every((a) => typeof a === 'string'),
      'aliases must be text or a list of texts',
    )
    .check((v) => (aliasesOf(v) ?? []).length <= MAX_ALIASES, `Too many aliases (at most ${MAX_ALIASES})`)
    .check(
      (v) => (aliasesOf(v) ?? []).every((a) => a.length <= MAX_ALIAS_LENGTH),
      `Too long alias (at most ${MAX_ALIAS_LENGTH} characters)`,
    );

/** The names to store from the checked field: undefined keeps them, null clears them. */
export const aliasesToStore = (aliases: string[] | null | undefined) => (aliases === null ? [] : aliases);
