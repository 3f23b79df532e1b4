import { render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import userEvent from '@testing-library/user-event';
import Paginator from '../../src/components/Paginator';
import ConfirmModal from '../../src/components/ConfirmModal';
import LoadError from '../../src/components/LoadError';
import { FAILURE_TEXTS } from '../../src/lib/failures';

describe('Paginator', () => {
  it('is hidden with fewer than 2 pages', () => {
    const { container } = render(<Paginator pageCount={1} onPageChange={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows Arabic labels, 2 margin and 2 range pages, and reports the chosen page', async () => {
    const chosen: number[] = [];
    render(<Paginator pageCount={20} currentPage={10} onPageChange={(p) => chosen.push(p)} />);
    expect(screen.getByText('السابق')).toBeInTheDocument();
    expect(screen.getByText('التالي')).toBeInTheDocument();
    const pages = screen.getAllByRole('button').map((b) => b.textContent);
    expect(pages).toEqual(expect.arrayContaining(['1', '2', '10', '19', '20']));
    expect(pages).not.toContain('5');
    await userEvent.click(screen.getByText('التالي'));
    expect(chosen).toEqual([11]);
  });

  it('is one navigation landmark around a real list of pages (no axe violations)', async () => {
    const { container, rerender } = render(
      <Paginator pageCount={20} currentPage={10} onPageChange={() => undefined} />,
    );
    // Still a list after the pager re-renders with another page.
    rerender(<Paginator pageCount={20} currentPage={11} onPageChange={() => undefined} />);
    expect(screen.getAllByRole('navigation')).toHaveLength(1);
    const list = within(screen.getByRole('navigation', { name: 'التنقل بين الصفحات' })).getByRole('list');
    expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(5);
    const { violations } = await axe.run(container, {
      runOnly: ['listitem', 'list', 'aria-allowed-role', 'landmark-unique', 'aria-valid-attr-value'],
    });
    expect(violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  });
});

describe('ConfirmModal', () => {
  it('confirms and cancels', async () => {
    const calls: string[] = [];
    render(
      <ConfirmModal show title="تأكيد الحذف" onConfirm={() => calls.push('ok')} onCancel={() => calls.push('back')} />,
    );
    expect(screen.getByText('تأكيد الحذف')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'حذف' }));
    await userEvent.click(screen.getByRole('button', { name: 'تراجع' }));
    expect(calls).toEqual(['ok', 'back']);
  });
});

describe('LoadError', () => {
  it('says the connection is down when the browser is offline, and offers the retry', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const retries: number[] = [];
    const user = userEvent.setup();
    render(<LoadError onRetry={() => retries.push(1)} />);
    expect(screen.getByRole('alert')).toHaveTextContent(`تعذر تحميل البيانات: ${FAILURE_TEXTS.offline}`);
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(retries).toEqual([1]);
  });

  it('says only that the data did not load while the browser is online', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<LoadError onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^تعذر تحميل البيانات\s*إعادة المحاولة$/);
  });
});
