import { useState } from 'react';

/** A field an owner's form requires: its key, the id of its control (or of a group holding it), and whether it is filled. */
export interface RequiredField<K extends string> {
  key: K;
  id: string;
  filled: boolean;
  /** Said under the field while it is empty. */
  message: string;
}

/** The id of the reason shown under the control `id`. */
export const fieldErrorId = (id: string) => `${id}-error`;

/** Focuses a control, or the first control inside a group (the image slots' first button). */
export function focusControl(id: string) {
  const element = document.getElementById(id);
  const control = element?.matches('input, select, textarea, button')
    ? element
    : element?.querySelector<HTMLElement>('input:not([type="file"]), select, textarea, button:not(:disabled)');
  control?.focus();
}

/**
 * The required fields an owner left empty, each marked beside itself (is-invalid and a reason under it) rather than only
 * in a toast. `check` marks every empty one and focuses the first; a field is unmarked once it is `filled` again.
 */
export function useRequiredFields<K extends string>() {
  const [missing, setMissing] = useState<Partial<Record<K, string>>>({});
  const check = (fields: RequiredField<K>[]): boolean => {
    const empty = fields.filter((field) => !field.filled);
    const next: Partial<Record<K, string>> = {};
    for (const field of empty) next[field.key] = field.message;
    setMissing(next);
    if (empty.length > 0) focusControl(empty[0].id);
    return empty.length === 0;
  };
  const filled = (key: K) =>
    setMissing((current) => {
      if (current[key] === undefined) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  /** The props of a control marked empty (none when it is not). */
  const invalidProps = (key: K, id: string) =>
    missing[key] ? { isInvalid: true, 'aria-invalid': true, 'aria-describedby': fieldErrorId(id) } : {};
  return { missing, check, filled, invalidProps };
}
