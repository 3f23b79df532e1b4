import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import PriceTag from '../../../src/components/PriceTag';
import ProductCard from '../../../src/features/products/ProductCard';
import StarRating from '../../../src/components/StarRating';
import { products } from '../mocks/fixtures';
import { renderWithProviders } from '../utils/renderWithProviders';

describe('StarRating', () => {
  it('shows a rating rounded to half stars with an accessible name', () => {
    render(<StarRating value={3.7} />);
    expect(screen.getByRole('img', { name: 'التقييم 3.5 من 5' })).toBeInTheDocument();
  });

  it('lets the shopper choose half steps with the mouse or keyboard', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [value, setValue] = useState(0);
      return (
        <>
          <StarRating value={value} onChange={setValue} label="تقييمك" />
          <output>{value}</output>
        </>
      );
    }
    render(<Harness />);
    const group = screen.getByRole('radiogroup', { name: 'تقييمك' });
    expect(screen.getAllByRole('radio')).toHaveLength(10);
    await user.click(screen.getByRole('radio', { name: '2.5 من 5' }));
    expect(screen.getByRole('status')).toHaveTextContent('2.5');
    expect(group).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('status')).not.toHaveTextContent('2.5');
  });
});

describe('PriceTag', () => {
  it('strikes the old price through from a discount of 1 up', () => {
    const { rerender } = render(<PriceTag price={100} priceAfterDiscount={80} />);
    expect(screen.getByText('80 جنيه')).toBeInTheDocument();
    expect(screen.getByText('100 جنيه').closest('del')).not.toBeNull();
    rerender(<PriceTag price={100} priceAfterDiscount={0.5} />);
    expect(screen.getByText('100 جنيه').closest('del')).toBeNull();
    rerender(<PriceTag price={100} />);
    expect(screen.queryByRole('deletion')).not.toBeInTheDocument();
  });
});

describe('ProductCard', () => {
  it('links to the product, shows price, rating (0 when missing) and a heart', () => {
    const product = { ...products[1], ratingsAverage: undefined as unknown as number };
    renderWithProviders(<ProductCard product={product} />);
    expect(screen.getByRole('link', { name: product.title })).toHaveAttribute('href', `/products/${product._id}`);
    expect(screen.getByRole('img', { name: 'التقييم 0 من 5' })).toBeInTheDocument();
    expect(screen.getByText('450 جنيه')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'اضافة للمفضلة' })).toHaveAttribute('aria-pressed', 'false');
    const image = document.querySelector('img.product-card__image')!;
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');
    expect(image).toHaveAttribute('loading', 'lazy');
  });
});
