/** An address's text limits (API.md §5.9), read by the server's schema and the address form alike. */
export const ADDRESS_LIMITS = { alias: 50, details: 500, city: 50, postalCode: 20 } as const;
