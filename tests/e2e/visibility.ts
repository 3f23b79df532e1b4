import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// What a person sees, not what the DOM holds: text and images are in the DOM even when they are off-screen,
// blank, covered or cut off. Every check returns a list of problems in words (empty = fine), so a failure
// says what is wrong, and the expect… helpers poll it, so images that are still loading or a carousel in
// mid-slide settle before a check fails.

export interface SeenCheck {
  /** CSS selector of the element; the first match is checked. */
  selector: string;
  /** CSS selector of its own box (closest ancestor): the element must lie inside it. */
  container?: string;
  /** Selectors of what is drawn over it on purpose (a caption on a slide): allowed at its centre. */
  overlays?: string[];
}

/**
 * Problems seeing an element: missing, hidden, empty, not loaded (images), out of the viewport or of its box, or
 * covered at its centre by something else. When several elements match (a carousel keeps copies of its current
 * slide), one of them seen is enough; otherwise the problems of the closest one are returned.
 */
export async function seenProblems(page: Page, check: SeenCheck): Promise<string[]> {
  return page.evaluate(({ selector, container, overlays = [] }) => {
    const where = (r: DOMRect) =>
      `x=${Math.round(r.left)}..${Math.round(r.right)} y=${Math.round(r.top)}..${Math.round(r.bottom)}`;
    const inside = (r: DOMRect, outer: { left: number; right: number; top: number; bottom: number }) =>
      r.left >= outer.left - 1 && r.right <= outer.right + 1 && r.top >= outer.top - 1 && r.bottom <= outer.bottom + 1;

    const problemsOf = (element: Element) => {
      const problems: string[] = [];
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
        problems.push(`${selector}: hidden`);
      if (element instanceof HTMLImageElement && !(element.complete && element.naturalWidth > 0))
        problems.push(`${selector}: image not loaded`);
      const box = element.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) return [...problems, `${selector}: has no size`];
      if (!inside(box, { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight })) {
        problems.push(`${selector}: outside the ${window.innerWidth}×${window.innerHeight} viewport at ${where(box)}`);
      }
      if (container) {
        const own = element.parentElement?.closest(container);
        if (!own) problems.push(`${selector}: not inside ${container}`);
        else if (!inside(box, own.getBoundingClientRect())) {
          problems.push(
            `${selector}: at ${where(box)}, outside its ${container} at ${where(own.getBoundingClientRect())}`,
          );
        }
      }
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const allowed =
        hit && (hit === element || element.contains(hit) || overlays.some((overlay) => hit.closest(overlay)));
      if (!allowed) {
        const name = hit ? `<${hit.tagName.toLowerCase()} class="${hit.getAttribute('class') ?? ''}">` : 'nothing';
        problems.push(`${selector}: covered at its centre by ${name}`);
      }
      return problems;
    };

    const candidates = [...document.querySelectorAll(selector)].map(problemsOf);
    if (candidates.length === 0) return [`${selector}: not on the page`];
    return candidates.reduce((best, problems) => (problems.length < best.length ? problems : best));
  }, check);
}

const SETTLE = { timeout: 8000, interval: 250 };

/** The element is seen, as `seenProblems` describes (polled until it is, or the time is up). */
export async function expectSeen(page: Page, check: SeenCheck) {
  await expect.poll(() => seenProblems(page, check), SETTLE).toEqual([]);
}

/** The page is no wider than the window: nothing sticks out sideways. */
export async function overflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.scrollWidth;
    return width > window.innerWidth ? [`the page is ${width} px wide in a ${window.innerWidth} px window`] : [];
  });
}

/**
 * Every visible link, button, field and other interactive element smaller than 24×24 CSS px (WCAG 2.2 target size),
 * except links in a sentence.
 */
export const smallTargetProblems = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="radio"], [role="checkbox"], [role="tab"], [tabindex]:not([tabindex="-1"])';
    const small: string[] = [];
    // To the nearest pixel: a box in a scaled or animated container measures 23.999998.
    const big = (box: DOMRect) => Math.round(box.width) >= 24 && Math.round(box.height) >= 24;
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      if (element.closest('[aria-hidden="true"], .visually-hidden')) continue;
      // A field with a label: tapping the label works it as well (WCAG's "equivalent" exception), so a small
      // check box or radio with a label at least 24×24 passes, and a visually hidden input is measured by its label.
      const labels = element instanceof HTMLInputElement ? [...(element.labels ?? [])] : [];
      if (labels.some((label) => big(label.getBoundingClientRect()))) continue;
      const target = element.matches('input') && element.getBoundingClientRect().width <= 1 ? labels[0] : element;
      if (!target) continue;
      // A stretched link (Bootstrap's .stretched-link) is tapped anywhere on the box it covers: its positioned parent.
      const box = (
        element.matches('a.stretched-link') && element.offsetParent ? element.offsetParent : target
      ).getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      // WCAG's inline exception: a link inside a line of text.
      if (
        element.matches('a') &&
        getComputedStyle(element).display === 'inline' &&
        element.parentElement?.matches('p, li > span, span')
      )
        continue;
      if (!big(box)) {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30);
        small.push(`<${element.tagName.toLowerCase()}> "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return [...new Set(small)];
  });

/** The top bar's search box and cart badge, visible without opening any menu (SPEC §2). */
export const TOP_BAR_SEARCH: SeenCheck = { selector: 'nav.navbar form[role="search"] input', container: 'nav.navbar' };
export const TOP_BAR_CART_BADGE: SeenCheck = {
  selector: 'nav.navbar [data-testid="cart-count"]',
  container: 'nav.navbar',
};
/** The category strip's 'more' link stays in view however many categories scroll beside it. */
export const CATEGORY_STRIP_MORE: SeenCheck = {
  selector: 'nav.category-strip a[href="/allcategory"]',
  container: 'nav.category-strip',
};

/** Texts SPEC.md quotes in English and DESIGN.md keeps (a shopper may see them); anything else English is a
 * defect. 'AN error Has Found' and 'Unexpected Application Error!' are not here: DESIGN.md replaces them. */
export const SPEC_ENGLISH = [
  'The product was added to the wishlist successfully',
  'The product was removed from the wishlist successfully',
  'You are not logged in',
  'Something went wrong. Please try again later.',
];

/**
 * English words in the visible text (innerText: what is rendered, including screen-reader-only text).
 * Without `catalogueWords`, a word is English when it has two lower-case Latin letters in a row, so catalogue acronyms
 * and models (USB, LED, 4K, A55) pass. With them (the storefront), every word of two Latin letters or more is one
 * ('ADD IMAGE' too) unless the catalogue holds it: product titles and descriptions, category and brand names (and
 * models such as A55 or 4K, which have one letter). With `everyLatinWord: false` they only excuse the lower-case
 * words they hold (the admin screens, where SKU and CSV are the owner's words). E-mail addresses and links pass.
 */
export async function englishProblems(
  page: Page,
  catalogueWords?: ReadonlySet<string>,
  { everyLatinWord = catalogueWords !== undefined } = {},
): Promise<string[]> {
  // What is seen, and what a screen reader or a hover says: labels, image texts, titles and placeholders.
  let text = await page.evaluate(() => {
    const named = [...document.body.querySelectorAll('[aria-label], [alt], [title], [placeholder]')];
    const spoken = named
      .filter((el) => !el.closest('[aria-hidden="true"]'))
      .flatMap((el) => ['aria-label', 'alt', 'title', 'placeholder'].map((name) => el.getAttribute(name) ?? ''));
    return [document.body.innerText, ...spoken].join('\n');
  });
  for (const allowed of SPEC_ENGLISH) text = text.split(allowed).join(' ');
  text = text.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ').replace(/https?:\/\/\S+/g, ' ');
  const words = (text.match(everyLatinWord ? /[A-Za-z]{2,}/g : /[A-Za-z]*[a-z]{2}[A-Za-z]*/g) ?? []).filter(
    (word) => !catalogueWords?.has(word.toLowerCase()),
  );
  return words.length ? [`English on the page: ${[...new Set(words)].join(', ')}`] : [];
}

/** The Latin words of the catalogue (product titles and descriptions, category, subcategory and brand names), lower-case. */
export function latinWords(...texts: string[]): Set<string> {
  return new Set(texts.flatMap((text) => text.match(/[A-Za-z]{2,}/g) ?? []).map((word) => word.toLowerCase()));
}

/** The shop prints Western digits only (DESIGN.md): no ٠-٩ or ۰-۹ in the visible text. */
export async function digitProblems(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  const found = text.match(/[^\s]*[\u0660-\u0669\u06f0-\u06f9][^\s]*/g) ?? [];
  return found.length ? [`Arabic-Indic digits on the page: ${[...new Set(found)].join(', ')}`] : [];
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeSource: Promise<string> | undefined;

/**
 * axe-core's serious and critical violations on the page as it is now. The script is evaluated through the
 * DevTools protocol (page.evaluate), which the shop's Content-Security-Policy does not block and does not
 * report, so the policy stays on for everything else the test does.
 */
export async function axeProblems(page: Page, { moderate = false } = {}): Promise<string[]> {
  // Sent once per document: axe's 500 KB would otherwise cross the protocol and be parsed again on every call.
  if (!(await page.evaluate(() => 'axe' in window))) {
    axeSource ??= fs.readFile(axePath, 'utf8');
    await page.evaluate(await axeSource);
  }
  const impacts = moderate ? ['moderate', 'serious', 'critical'] : ['serious', 'critical'];
  const violations = await page.evaluate(async (impacts) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{ violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => impacts.includes(v.impact ?? ''))
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.nodes
            .slice(0, 3)
            .map((n) => JSON.stringify(n.target))
            .join(' ')}`,
      );
  }, impacts);
  return violations;
}

/** The main image of each kind of page. */
export const MAIN_IMAGES = {
  homeSlide: {
    selector: '.home-slider .carousel-item.active img',
    container: '.home-slider',
    overlays: ['.carousel-caption'],
  },
  productPhoto: {
    selector: '.product-gallery .image-gallery-slide.image-gallery-center img',
    container: '.image-gallery-slides',
  },
  productCard: { selector: 'main .product-card img', container: '.product-card' },
  categoryCard: { selector: 'main a[href^="/products/category/"] img', container: '.rounded-circle' },
  brandCard: { selector: 'main a[href^="/products/brand/"] img', container: '.card' },
  cartLine: { selector: 'main li.card img', container: 'li.card' },
  // Order cards are links as a whole (a transparent stretched link lies over their contents).
  orderItem: { selector: 'main article li img', container: 'li', overlays: ['.stretched-link'] },
} satisfies Record<string, SeenCheck>;

/**
 * Everything a person should not meet on the page: sideways overflow, tap targets under 24×24 px, English
 * (`englishProblems`, lower-case words the shop's data holds excused, or with `everyLatinWord` every word it holds),
 * Arabic-Indic digits, serious axe findings (with `moderate`, moderate ones too).
 */
export async function screenProblems(
  page: Page,
  catalogueWords?: ReadonlySet<string>,
  { everyLatinWord = false, moderate = false } = {},
): Promise<string[]> {
  return [
    ...(await overflowProblems(page)),
    ...(await smallTargetProblems(page)),
    ...(await englishProblems(page, catalogueWords, { everyLatinWord })),
    ...(await digitProblems(page)),
    ...(await axeProblems(page, { moderate })),
  ];
}
