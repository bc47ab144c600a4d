import { queryRows } from '../../../database/sql.repository';
import type { SeedStep } from '../../../database/seeds/seed-runner';
import { simplePdf, thumbnailSvg, writeSeedMedia } from '../../../database/seeds/seed-files';
import { toSafeLessonHtml } from '../lesson-content';
import { DEMO_COURSES } from './demo-courses';

export const coursesSeed: SeedStep = {
  key: 'courses',
  async run(manager, { mediaDir, privateMediaDir }) {
    for (const [index, course] of DEMO_COURSES.entries()) {
      const thumbnail = writeSeedMedia(mediaDir, `course-${index + 1}.svg`, thumbnailSvg(course.title, ...course.colors));
      const [{ id }] = await queryRows<{ id: number }>(
        manager,
        `INSERT INTO courses (title, description, instructor, thumbnail, duration, category, status, price, total_lessons)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [course.title, course.description, course.instructor, thumbnail, course.duration, course.category, course.status, course.price, course.lessons.length],
      );
      for (const [order, lesson] of course.lessons.entries()) {
        const pdfUrl = lesson.pdf
          ? writeSeedMedia(privateMediaDir, `course-${index + 1}-lesson-${order + 1}.pdf`, simplePdf(lesson.pdf.title, lesson.pdf.paragraphs))
          : null;
        await manager.query(
          `INSERT INTO lessons (course_id, title, type, duration, content, video_url, pdf_url, sort_order, published)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            id,
            lesson.title,
            lesson.type,
            lesson.duration,
            toSafeLessonHtml(lesson.content),
            lesson.videoUrl ?? null,
            pdfUrl,
            order + 1,
            lesson.published ?? true,
          ],
        );
      }
    }
  },
};
