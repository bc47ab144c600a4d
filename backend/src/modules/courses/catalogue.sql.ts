/**
 * The public catalogue query, shared with the catalogue benchmark's raw
 * baseline so both sides run exactly the same SQL. Students and rating are
 * derived on read (indexed lookups), never stored counters that drift.
 */
export const CATALOGUE_SQL = `
  SELECT c.id, c.title, c.description, c.instructor, c.thumbnail, c.duration, c.category,
         (SELECT count(*)::int FROM lessons l WHERE l.course_id = c.id AND l.published) AS lessons_count,
         (SELECT count(*)::int FROM course_enrollments e WHERE e.course_id = c.id) AS students,
         (SELECT coalesce(round(avg(r.stars), 1), 0)::float8 FROM course_ratings r WHERE r.course_id = c.id) AS rating
    FROM courses c
   WHERE c.status = 'published'
   ORDER BY c.id`;

export interface CatalogueRow {
  id: number;
  title: string;
  description: string;
  instructor: string;
  thumbnail: string;
  duration: string;
  category: string;
  lessons_count: number;
  students: number;
  rating: number;
}
