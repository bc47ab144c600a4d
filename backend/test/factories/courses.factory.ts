import type { DataSource } from 'typeorm';

let seq = 0;

export interface LessonSeed {
  title?: string;
  type?: 'video' | 'text' | 'pdf';
  order?: number;
  published?: boolean;
  content?: string;
  videoUrl?: string | null;
  pdfUrl?: string | null;
}

export interface CourseSeed {
  title?: string;
  status?: 'draft' | 'published' | 'archived';
  instructor?: string;
  category?: string;
  price?: string;
  lessons?: LessonSeed[];
}

export interface CreatedCourse {
  id: number;
  title: string;
  lessonIds: number[];
}

/** Inserts a course and its lessons directly, as an admin would have created them. */
export async function createCourse(db: DataSource, seed: CourseSeed = {}): Promise<CreatedCourse> {
  seq += 1;
  const title = seed.title ?? `Course ${seq}`;
  const [{ id }] = await db.query(
    `INSERT INTO courses (title, description, instructor, category, status, price, total_lessons) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [title, `About ${title}`, seed.instructor ?? 'Test Instructor', seed.category ?? 'Marketing', seed.status ?? 'published', seed.price ?? '100.00', seed.lessons?.length ?? 0],
  );
  const lessonIds: number[] = [];
  for (const [i, lesson] of (seed.lessons ?? []).entries()) {
    const [row] = await db.query(
      `INSERT INTO lessons (course_id, title, type, sort_order, published, content, video_url, pdf_url) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [id, lesson.title ?? `Lesson ${i + 1}`, lesson.type ?? 'text', lesson.order ?? i + 1, lesson.published ?? true, lesson.content ?? '<p>Content</p>', lesson.videoUrl ?? null, lesson.pdfUrl ?? null],
    );
    lessonIds.push(row.id);
  }
  return { id, title, lessonIds };
}
