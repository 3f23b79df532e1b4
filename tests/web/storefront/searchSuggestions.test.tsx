import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { brands, categories, products } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { renderApp } from '../utils/renderWithProviders';

const phone = products[0];

/** Records the keywords the top bar asks suggestions for; `answer` may hold or change an answer. */
function recordSuggestionRequests(answer?: (keyword: string) => Promise<Response | undefined>) {
  const keywords: string[] = [];
  server.use(
    http.get('*/api/v1/products/suggestions', async ({ request }) => {
      const keyword = new URL(request.url).searchParams.get('keyword') ?? '';
      keywords.push(keyword);
      return (await answer?.(keyword)) ?? undefined;
    }),
  );
  return keywords;
}

const box = () => screen.getByRole('combobox', { name: 'ابحث عن منتج' });

describe('top-bar search suggestions', () => {
  it('asks from the second letter, once typing pauses, and lists products, categories and brands as a listbox', async () => {
    const keywords = recordSuggestionRequests();
    const { user } = renderApp('/');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveAttribute('aria-autocomplete', 'list');

    await user.type(box(), 'س');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(keywords).toEqual([]);
    await user.type(box(), 'امسونج');
    const list = await screen.findByRole('listbox', { name: 'اقتراحات البحث' });
    // One request for the whole word: the keystrokes came faster than the pause.
    expect(keywords).toEqual(['سامسونج']);
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveAttribute('aria-controls', list.id);

    const productGroup = within(list).getByRole('group', { name: 'منتجات' });
    const productOption = within(productGroup).getByRole('option', { name: new RegExp(phone.title) });
    expect(productOption).toHaveTextContent('11,999 جنيه'); // the price the shopper pays, the old one struck through
    expect(within(productOption).getByText('12,500 جنيه').closest('del')).not.toBeNull();
    expect(within(productOption).getByRole('presentation', { hidden: true })).toHaveAttribute('src', phone.imageCover);
    expect(
      within(within(list).getByRole('group', { name: 'ماركات' })).getByRole('option', { name: brands[0].name }),
    ).toBeInTheDocument();
    expect(within(list).queryByRole('group', { name: 'تصنيفات' })).not.toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('option')
        .every((o) => o.getAttribute('aria-selected') === 'false'),
    ).toBe(true);
  });

  it('moves with the arrow keys, opens the highlighted product with Enter, and closes on Escape', async () => {
    const { user, router } = renderApp('/');
    await user.type(box(), 'سامسونج');
    const list = await screen.findByRole('listbox');
    const [productOption, brandOption] = within(list).getAllByRole('option');

    await user.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', productOption.id);
    expect(productOption).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', brandOption.id);
    expect(productOption).toHaveAttribute('aria-selected', 'false');
    // Past the end the highlight leaves the list; ArrowUp from there comes back to the last option.
    await user.keyboard('{ArrowDown}');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box()).toHaveAttribute('aria-activedescendant', productOption.id);

    await user.keyboard('{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    expect(box()).toHaveValue('سامسونج'); // Escape closes the list and keeps the word
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    // The arrows open it again; Enter on a highlighted product opens its page.
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(box()).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/products/${phone._id}`));
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(await screen.findByRole('heading', { level: 1, name: phone.title })).toBeInTheDocument();
  });

  it('Enter with nothing highlighted shows the listing for the word, as before', async () => {
    const { user, router, store } = renderApp(`/products/${phone._id}`);
    await screen.findByRole('heading', { level: 1, name: phone.title });
    await user.type(box(), 'قميص');
    await screen.findByRole('listbox');
    await user.keyboard('{Enter}');
    // The router moves once the listing's chunk has loaded, a moment after the keystroke.
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(store.getState().products.searchWord).toBe('قميص');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(await screen.findByRole('heading', { level: 1, name: 'نتيجة واحدة' })).toBeInTheDocument();
  });

  it('a click on a category opens its products', async () => {
    const { user, router } = renderApp('/');
    await user.type(box(), 'ملابس');
    const option = await screen.findByRole('option', { name: categories[1].name });
    await user.click(option);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/products/category/${categories[1]._id}`));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('never shows an older answer that arrives after a newer one', async () => {
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const keywords = recordSuggestionRequests(async (keyword) => {
      if (keyword !== 'قم') return undefined;
      await firstHeld;
      return HttpResponse.json({
        data: { products: [], categories: [], brands: [{ _id: 'brand-9', name: 'جواب قديم' }] },
      });
    });
    const { user } = renderApp('/');
    await user.type(box(), 'قم');
    await waitFor(() => expect(keywords).toEqual(['قم']));
    await user.type(box(), 'يص');
    expect(await screen.findByRole('option', { name: /قميص قطن رجالي/ })).toBeInTheDocument();
    releaseFirst();
    await delay(50);
    expect(screen.queryByRole('option', { name: 'جواب قديم' })).not.toBeInTheDocument();
    expect(keywords).toEqual(['قم', 'قميص']);
  });

  it('a word kept from an earlier visit fills the box without opening the list; a failed request shows none', async () => {
    localStorage.setItem('searchWord', 'قميص');
    const keywords = recordSuggestionRequests(async () =>
      HttpResponse.json({ status: 'error', message: 'boom' }, { status: 503 }),
    );
    const { user } = renderApp('/');
    expect(box()).toHaveValue('قميص');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(keywords).toEqual([]);
    await user.type(box(), ' ر');
    await waitFor(() => expect(keywords).toEqual(['قميص ر']));
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
