// jsdom ships no types and @types/jsdom is not installed; the share-preview test only parses a page.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string);
    readonly window: { document: Document };
  }
}
