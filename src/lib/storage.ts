import type { User } from '../api/types';

// The browser-local settings of SPEC §3, with their value types. Everything that touches
// localStorage goes through here so keys cannot be misspelled.
interface StorageSchema {
  searchWord: string;
  catChecked: string[];
  brandChecked: string[];
  priceFrom: string;
  priceTo: string;
  sortType: string;
  user: User;
  token: string;
  'user-email': string;
  /** The pay page's last choices (ours, beyond SPEC §3): kept across the full page load of a payment provider's return. */
  checkoutChoice: { addressId: string; method: string };
}

type StorageKey = keyof StorageSchema;

// Plain strings are stored as-is (the token must be readable without JSON parsing); the rest as JSON.
const jsonKeys: ReadonlySet<StorageKey> = new Set<StorageKey>(['user', 'catChecked', 'brandChecked', 'checkoutChoice']);

export function getStored<K extends StorageKey>(key: K): StorageSchema[K] | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return null;
    return (jsonKeys.has(key) ? JSON.parse(raw) : raw) as StorageSchema[K];
  } catch {
    // Corrupt JSON or storage blocked (private mode): behave as if nothing was stored.
    return null;
  }
}

export function setStored<K extends StorageKey>(key: K, value: StorageSchema[K]): void {
  try {
    window.localStorage.setItem(key, jsonKeys.has(key) ? JSON.stringify(value) : String(value));
  } catch {
    // Quota exceeded or storage blocked: the app keeps working from Redux state.
  }
}

export function removeStored(...keys: StorageKey[]): void {
  try {
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing to remove.
  }
}
