import './home.css';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

/** SPEC §9: each slide shows for 2000 ms. */
const SLIDE_INTERVAL = 2000;
const SLIDE_HEADING = 'هناك خصم كبير';
const SLIDE_SUBTITLE = 'خصم يصل إلى 50% على مشترياتك';
const SLIDES = [1, 2, 3, 4].map((n) => `/slides/slide-${n}.svg`);

/**
 * The home carousel: 4 slides from slide 0, advancing every 2000 ms; indicators and arrows choose a slide.
 * Bootstrap's carousel markup and styles without react-bootstrap's Carousel: it is on the first page every
 * shopper loads, and the component with its transition machinery cost about 5 KB gzip there (its auto-play
 * also ran backwards in right-to-left). Slides change at once, without the sliding animation.
 * Each slide is a link to `to` (the offers in the listing); only the slide shown can be reached, and the slides stay
 * put while the keyboard is on one, so a focused link never slides away.
 */
export default function HomeSlider({ to }: { to: string }) {
  const [index, setIndex] = useState(0);
  const [focused, setFocused] = useState(false);
  const show = (i: number) => setIndex((i + SLIDES.length) % SLIDES.length);

  // A slide the shopper picks restarts the count.
  useEffect(() => {
    if (focused) return undefined;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % SLIDES.length), SLIDE_INTERVAL);
    return () => clearTimeout(timer);
  }, [index, focused]);

  return (
    <section
      className="carousel home-slider rounded overflow-hidden shadow-sm"
      aria-roledescription="carousel"
      aria-label="عروض المتجر"
    >
      <div className="carousel-indicators">
        {SLIDES.map((src, i) => (
          <button
            key={src}
            type="button"
            // Bootstrap styles the indicators by this attribute (its own script's hook).
            data-bs-target=""
            className={i === index ? 'active' : undefined}
            aria-current={i === index ? 'true' : undefined}
            aria-label={`الشريحة ${i + 1}`}
            onClick={() => show(i)}
          />
        ))}
      </div>
      <div
        className="carousel-inner"
        onFocus={() => setFocused(true)}
        onBlur={(event) => setFocused(event.currentTarget.contains(event.relatedTarget))}
      >
        {SLIDES.map((src, i) => (
          <div
            key={src}
            className={`carousel-item${i === index ? ' active' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} من ${SLIDES.length}`}
            aria-hidden={i !== index}
            inert={i !== index}
          >
            <Link to={to} className="d-block text-decoration-none">
              <img
                src={src}
                alt=""
                width={1200}
                height={400}
                className="d-block w-100 home-slider__image"
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                decoding={i === 0 ? undefined : 'async'}
              />
              <div className="carousel-caption home-slider__caption text-start">
                <h2 className="h3 fw-bold">{SLIDE_HEADING}</h2>
                <p className="mb-0">{SLIDE_SUBTITLE}</p>
              </div>
            </Link>
          </div>
        ))}
      </div>
      <button type="button" className="carousel-control-prev" onClick={() => show(index - 1)}>
        <span className="carousel-control-prev-icon" aria-hidden="true" />
        <span className="visually-hidden">الشريحة السابقة</span>
      </button>
      <button type="button" className="carousel-control-next" onClick={() => show(index + 1)}>
        <span className="carousel-control-next-icon" aria-hidden="true" />
        <span className="visually-hidden">الشريحة التالية</span>
      </button>
    </section>
  );
}
