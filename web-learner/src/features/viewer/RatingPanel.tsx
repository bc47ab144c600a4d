import { useId, useState } from 'react';
import { errorText } from '../../api/client';
import type { Course } from '../../api/types';
import { useCourseReviews } from './api/useCourseReviews';
import { useRateCourse } from './api/useRateCourse';
import { formatNumber } from '../../i18n/format';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/learning';

/**
 * The course's rating: its average and count, the learner's own stars and
 * optional review once they completed a lesson, and the latest reviews
 * (plain text, as written).
 */
export function RatingPanel({ course, canRate }: { course: Course; canRate: boolean }) {
  const id = useId();
  const [stars, setStars] = useState(course.myRating ?? 0);
  const [review, setReview] = useState(course.myReview ?? '');
  const rate = useRateCourse(course.id);
  const reviews = useCourseReviews(course.id);
  const count = course.ratingsCount ?? 0;
  const { t, language } = useTranslation();

  return (
    <section className="card p-5 sm:p-6" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-bold text-white">
          {t('rating.title')}
        </h2>
        <p className="text-sm text-slate-300" data-testid="course-rating">
          {count === 0 ? t('courses.noRatings') : t('rating.summary', { rating: formatNumber(course.rating ?? 0, language, { fractionDigits: 1 }), count })}
        </p>
      </div>
      {canRate ? (
        <form
          className="mt-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (stars > 0) rate.mutate({ stars, review });
          }}
        >
          <fieldset>
            <legend className="label">{t('rating.yours')}</legend>
            <div className="flex gap-1">
              {[1, 2, 3, 4, 5].map((n) => (
                <button
                  key={n}
                  type="button"
                  className={`text-3xl leading-none ${n <= stars ? 'text-gold-400' : 'text-ink-600 hover:text-gold-300'}`}
                  aria-label={t('rating.stars', { count: n })}
                  aria-pressed={n === stars}
                  onClick={() => setStars(n)}
                >
                  ★
                </button>
              ))}
            </div>
          </fieldset>
          <label htmlFor={`${id}-review`} className="label mt-4">
            {t('rating.review')}
          </label>
          <textarea id={`${id}-review`} className="field min-h-24" maxLength={1000} value={review} onChange={(e) => setReview(e.target.value)} />
          <button type="submit" className="btn-gold mt-3" disabled={stars === 0 || rate.isPending}>
            {t('rating.save')}
          </button>
          {rate.isSuccess && (
            <p role="status" className="mt-3 text-sm text-emerald-300">
              {t('rating.saved')}
            </p>
          )}
          {rate.isError && (
            <p role="alert" className="error-text mt-3">
              {errorText(rate.error, 'review') || errorText(rate.error)}
            </p>
          )}
        </form>
      ) : (
        <p className="mt-3 text-sm text-slate-400">{t('rating.completeFirst')}</p>
      )}
      {reviews.data && reviews.data.length > 0 && (
        <ul className="mt-6 space-y-3 border-t border-ink-700 pt-4">
          {reviews.data.map((r) => (
            <li key={`${r.author}-${r.ratedAt}`} className="text-sm">
              <p className="text-gold-300">
                <span aria-label={t('rating.outOf5', { stars: r.stars })}>{'★'.repeat(r.stars)}</span> <span className="text-slate-300">{r.author}</span>
              </p>
              <p className="mt-1 whitespace-pre-line text-slate-200">{r.review}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
