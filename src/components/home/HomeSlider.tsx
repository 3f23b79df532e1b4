import './home.css';
import { useEffect, useState } from 'react';
import Carousel from 'react-bootstrap/Carousel';

/** SPEC §9: each slide shows for 2000 ms. */
const SLIDE_INTERVAL = 2000;
const SLIDE_HEADING = 'هناك خصم كبير';
const SLIDE_SUBTITLE = 'خصم يصل إلى 50% على مشترياتك';
const SLIDES = [1, 2, 3, 4].map((n) => `/slides/slide-${n}.svg`);

/** The home carousel: 4 slides from slide 0, advancing every 2000 ms; indicators and arrows choose a slide. */
export default function HomeSlider() {
  const [index, setIndex] = useState(0);

  // Our own timer: react-bootstrap's auto-play runs backwards (0 → 3 → 2) in right-to-left. A slide the
  // shopper picks restarts the count.
  useEffect(() => {
    const timer = setTimeout(() => setIndex((i) => (i + 1) % SLIDES.length), SLIDE_INTERVAL);
    return () => clearTimeout(timer);
  }, [index]);

  return (
    <Carousel
      activeIndex={index}
      onSelect={setIndex}
      interval={null}
      className="home-slider rounded overflow-hidden shadow-sm"
      prevLabel="الشريحة السابقة"
      nextLabel="الشريحة التالية"
      aria-label="عروض المتجر"
    >
      {SLIDES.map((src, i) => (
        <Carousel.Item key={src}>
          <img src={src} alt="" width={1200} height={400} className="d-block w-100 home-slider__image" loading={i === 0 ? 'eager' : 'lazy'} fetchPriority={i === 0 ? 'high' : undefined} decoding={i === 0 ? undefined : 'async'} />
          <Carousel.Caption className="home-slider__caption text-start">
            <h2 className="h3 fw-bold">{SLIDE_HEADING}</h2>
            <p className="mb-0">{SLIDE_SUBTITLE}</p>
          </Carousel.Caption>
        </Carousel.Item>
      ))}
    </Carousel>
  );
}
