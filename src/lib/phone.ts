/** Egyptian mobile numbers: 11 digits, 010/011/012/015 (SPEC §9, API.md §9.12). The address form and the
 * profile page check phones with it. */
export const EGYPT_MOBILE = /^01[0125]\d{8}$/;
