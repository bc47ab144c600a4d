import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { useTestimonials } from './api/useTestimonials';

const ROTATE_MS = 6000;

function Stars({ rating }: { rating: number }) {
  const full = Math.max(0, Math.min(5, Math.round(rating)));
  const { t } = useTranslation();
  return (
    <p className="text-gold-400" role="img" aria-label={t('testimonials.stars', { count: full })}>
      <span aria-hidden="true">{'★'.repeat(full)}</span>
      <span aria-hidden="true" className="text-ink-600">
        {'★'.repeat(5 - full)}
      </span>
    </p>
  );
}

/** Rotating testimonials from the API; the section is left out when they cannot be loaded. */
export function Testimonials() {
  const data = useTestimonials();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const { t } = useTranslation();
  const count = data?.length ?? 0;

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [count, paused]);

  if (!data || count === 0) return null;
  const current = data[index % count];
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);

  return (
    <section aria-labelledby="testimonials-title" className="mx-auto max-w-4xl px-4 py-20 text-center">
      <h2 id="testimonials-title" className="text-3xl font-bold text-white sm:text-4xl">
        {t('testimonials.title')}
      </h2>
      <div
        className="card relative mt-10 p-8 sm:p-10"
        aria-roledescription="carousel"
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
      >
        <figure
          key={current.id}
          aria-live={paused ? 'polite' : 'off'}
          aria-roledescription="slide"
          aria-label={t('testimonials.slide', { index: (index % count) + 1, count })}
        >
          <Stars rating={current.rating} />
          <blockquote className="mt-4 text-lg leading-relaxed text-slate-200 sm:text-xl">“{current.text}”</blockquote>
          <figcaption className="mt-5 font-semibold text-gold-300">{current.name}</figcaption>
        </figure>
        <div className="mt-8 flex items-center justify-center gap-4">
          <button type="button" className="btn-ghost px-3 py-2" onClick={() => go(-1)} aria-label={t('testimonials.previous')}>
            ‹
          </button>
          <div className="flex gap-1.5">
            {data.map((item, i) => (
              <button
                key={item.id}
                type="button"
                onClick={() => setIndex(i)}
                aria-label={t('testimonials.show', { index: i + 1 })}
                aria-current={i === index % count}
                className="grid h-6 w-6 place-items-center rounded-full"
              >
                <span aria-hidden="true" className={`h-2 rounded-full transition-all ${i === index % count ? 'w-6 bg-gold-400' : 'w-2 bg-ink-600'}`} />
              </button>
            ))}
          </div>
          <button type="button" className="btn-ghost px-3 py-2" onClick={() => go(1)} aria-label={t('testimonials.next')}>
            ›
          </button>
        </div>
      </div>
    </section>
  );
}
