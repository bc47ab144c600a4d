/**
 * What analytics needs to know about the catalogue. Analytics never imports
 * courses, learning or payments: the application root binds this port to
 * the courses module (ports.module.ts).
 */
export const CATALOGUE_FACTS = Symbol('CATALOGUE_FACTS');

export interface CatalogueFacts {
  /** All courses, published ones, and the published ones created in the last `days` days. */
  counts(days: number): Promise<{ total: number; published: number; publishedRecently: number }>;
  /** Title and average rating of every course. */
  titlesAndRatings(): Promise<Map<number, { title: string; rating: number }>>;
}
