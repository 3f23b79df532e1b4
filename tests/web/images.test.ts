import { responsiveImage } from '../../src/lib/images';

describe('responsiveImage', () => {
  const origin = window.location.origin;

  it('offers the stored 320 and 640 px copies of our own uploads', () => {
    const src = `${origin}/products/product-abc-cover.webp`;
    expect(responsiveImage(src, '50vw')).toEqual({
      src,
      srcSet: `${origin}/products/product-abc-cover-w320.webp 320w, ${origin}/products/product-abc-cover-w640.webp 640w, ${src} 1200w`,
      sizes: '50vw',
    });
    expect(responsiveImage(`${origin}/uploads/brands/b.webp`, '80px').srcSet).toContain(
      '/uploads/brands/b-w320.webp 320w',
    );
  });

  it('offers the copies of uploads kept in object storage, served from a bucket or CDN', () => {
    const src =
      'https://img.shop.example/shop-images/products/products-0f8fad5b-d9cb-469f-a165-70867728950e-1795359322306-cover.webp';
    expect(responsiveImage(src, '50vw').srcSet).toBe(
      `${src.replace('.webp', '-w320.webp')} 320w, ${src.replace('.webp', '-w640.webp')} 640w, ${src} 1200w`,
    );
    expect(
      responsiveImage(
        'https://cdn.example.com/brands/brands-0f8fad5b-d9cb-469f-a165-70867728950e-1795359322306.webp',
        '80px',
      ).srcSet,
    ).toContain('-w320.webp 320w');
  });

  it('leaves external URLs, static assets and variants unchanged', () => {
    expect(responsiveImage('https://cdn.example.com/products/x.webp', '50vw')).toEqual({
      src: 'https://cdn.example.com/products/x.webp',
    });
    expect(responsiveImage('/slides/slide-1.svg', '100vw')).toEqual({ src: '/slides/slide-1.svg' });
    expect(responsiveImage(`${origin}/products/x.jpg`, '50vw')).toEqual({ src: `${origin}/products/x.jpg` });
    expect(responsiveImage(`${origin}/products/x-w320.webp`, '50vw')).toEqual({
      src: `${origin}/products/x-w320.webp`,
    });
    expect(responsiveImage('', '50vw')).toEqual({ src: '' });
  });
});
