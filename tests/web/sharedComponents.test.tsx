import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Paginator from '../../src/components/Paginator';
import ConfirmModal from '../../src/components/ConfirmModal';

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
});

describe('ConfirmModal', () => {
  it('confirms and cancels', async () => {
    const calls: string[] = [];
    render(<ConfirmModal show title="تاكيد الحذف" onConfirm={() => calls.push('ok')} onCancel={() => calls.push('back')} />);
    expect(screen.getByText('تاكيد الحذف')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'حذف' }));
    await userEvent.click(screen.getByRole('button', { name: 'تراجع' }));
    expect(calls).toEqual(['ok', 'back']);
  });
});
