/**
 * What a customer typed (a name, an address), as a mail shows it: between «» so it reads as their words, not the
 * shop's, and with every link broken so no mail reader turns it into one. Mail readers link `scheme://…`, `www.…`,
 * bare domains (`claim-prize.example`) and e-mail addresses; a dot before a letter (not in `12.5`) becomes `[.]` and `://` becomes
 * `[:]//`, which none of them link, and a person still reads them. Applied to the HTML and the plain-text part alike.
 */
export function unlinkable(text: string): string {
  return text.replace(/:\/\//g, '[:]//').replace(/(?<=[\p{L}\p{N}_-])\.(?=\p{L})/gu, '[.]');
}

export const quotedCustomerText = (text: string) => `«${unlinkable(text)}»`;
