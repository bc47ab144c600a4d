import { useEffect, useState } from 'react';
import { fetchTestimonials } from '../../../api/site';
import type { Testimonial } from '../../../api/types';

/**
 * The testimonials of the landing page, undefined until they arrive (and if
 * they cannot be loaded). A plain effect rather than TanStack Query keeps the
 * landing page's first load small (its budget is 120 KB gzip).
 */
export function useTestimonials(): Testimonial[] | undefined {
  const [data, setData] = useState<Testimonial[]>();
  useEffect(() => {
    let active = true;
    fetchTestimonials()
      .then((list) => active && setData(list))
      .catch((error: unknown) => console.warn('Testimonials are unavailable', error));
    return () => {
      active = false;
    };
  }, []);
  return data;
}
