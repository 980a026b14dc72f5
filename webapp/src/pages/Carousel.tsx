import { useEffect, useState } from 'react';

export const SLIDE_INTERVAL_MS = 2000;

const slides = [
  { src: '/img/slide-1.svg', alt: 'Anteojos de sol' },
  { src: '/img/slide-2.svg', alt: 'Anteojos de receta' },
  { src: '/img/slide-3.svg', alt: 'Lentes y accesorios' },
];

/** The landing carousel: the slide changes every 2000 ms. The dots sit below the image, not on
 * it, so on a phone they never cross the slide's caption. */
export function Carousel() {
  const [active, setActive] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setActive((i) => (i + 1) % slides.length), SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="carousel carousel-dark slide mb-4" data-testid="carousel">
      <div className="carousel-inner rounded">
        {slides.map((s, i) => (
          <div key={s.src} className={`carousel-item${i === active ? ' active' : ''}`} aria-hidden={i !== active}>
            <img src={s.src} className="d-block w-100" alt={s.alt} />
          </div>
        ))}
      </div>
      <div className="carousel-indicators position-static m-0 mt-2">
        {slides.map((s, i) => (
          <button
            key={s.src}
            type="button"
            // Bootstrap styles the dots by this attribute; no Bootstrap JavaScript runs.
            data-bs-target="#carousel"
            className={i === active ? 'active' : ''}
            aria-label={`Imagen ${i + 1}`}
            aria-current={i === active}
            onClick={() => setActive(i)}
          />
        ))}
      </div>
    </div>
  );
}
