/**
 * Passwords registration refuses, with registration's messages written out (not read from the code under test):
 * the password change and the reset must refuse them the same way.
 */
export const REFUSED_PASSWORDS: [password: string, message: string][] = [
  ['abcdef', 'كلمة السر يجب ان تكون 8 احرف على الاقل'],
  ['abcdefgh1', 'كلمة السر يجب ان تحتوي على حرف كبير واحد على الاقل'],
  ['ABCDEFGH1', 'كلمة السر يجب ان تحتوي على حرف صغير واحد على الاقل'],
  ['Abcdefghi', 'كلمة السر يجب ان تحتوي على رقم واحد على الاقل'],
  ['Abcd efg1', 'كلمة السر يجب الا تحتوي على مسافات'],
  [`Ab1${'س'.repeat(35)}`, 'كلمة السر طويلة جدا: الحد 72 حرفا انجليزيا او 36 حرفا عربيا'],
];
