import { CommonError } from '../../common/errors/common.error';
import type { LessonInputDto } from './dto/admin-course.dto';
import { assertCompleteOrder, PDF_URL_MESSAGE, prepareLessons, thumbnailInput, THUMBNAIL_MESSAGE, VIDEO_URL_MESSAGE } from './lesson-input';

const lesson = (over: Partial<LessonInputDto> = {}): LessonInputDto => ({ title: 'A lesson', duration: '10 min', order: 1, ...over }) as LessonInputDto;

const errorsOf = (work: () => unknown): Record<string, string> | undefined => {
  try {
    work();
    return undefined;
  } catch (err) {
    if (!(err instanceof CommonError)) throw err;
    return err.details.errors;
  }
};

describe('lesson input', () => {
  it('keeps an existing lesson of the course (once), makes anything else a new lesson', () => {
    const lessons = prepareLessons([lesson({ id: 5 }), lesson({ id: '5' }), lesson({ id: '7' }), lesson({ id: 'temp-1' })], new Set([5, 6]));
    expect(lessons.map((l) => l.existingId)).toEqual([5, null, null, null]);
  });

  it('turns a video address into its https embed, and refuses anything else on its field', () => {
    const [video] = prepareLessons([lesson({ type: 'video', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' })], new Set());
    expect(video.videoUrl).toMatch(/^https:\/\/www\.youtube(-nocookie)?\.com\/embed\/dQw4w9WgXcQ/);
    expect(errorsOf(() => prepareLessons([lesson(), lesson({ type: 'video', videoUrl: 'javascript:alert(1)' })], new Set()))).toEqual({
      'lessons.1.videoUrl': VIDEO_URL_MESSAGE,
    });
  });

  it('needs an uploaded PDF (or https address) for a PDF lesson, and reports every problem at once', () => {
    expect(prepareLessons([lesson({ type: 'pdf', pdfUrl: '/media/0123456789abcdef0123456789abcdef.pdf' })], new Set())[0].pdfUrl).toBe(
      '/media/0123456789abcdef0123456789abcdef.pdf',
    );
    expect(
      errorsOf(() => prepareLessons([lesson({ type: 'pdf', pdfUrl: '/etc/passwd' }), lesson({ type: 'video' }), lesson({ type: 'pdf' })], new Set())),
    ).toEqual({
      'lessons.0.pdfUrl': PDF_URL_MESSAGE,
      'lessons.1.videoUrl': VIDEO_URL_MESSAGE,
      'lessons.2.pdfUrl': PDF_URL_MESSAGE,
    });
  });

  it('sanitises content, drops addresses of the other types and defaults to an unpublished text lesson', () => {
    const [text] = prepareLessons(
      [lesson({ content: '<p onclick="x()">Hi</p><script>alert(1)</script>', videoUrl: 'https://vimeo.com/1', pdfUrl: '/media/a.pdf' })],
      new Set(),
    );
    expect(text).toMatchObject({ type: 'text', content: '<p>Hi</p>', videoUrl: null, pdfUrl: null, published: false });
    expect(prepareLessons([lesson({ isPublished: true } as Partial<LessonInputDto>)], new Set())[0].published).toBe(true);
  });

  it('accepts an empty, https or uploaded thumbnail only', () => {
    expect(thumbnailInput(undefined)).toBe('');
    expect(thumbnailInput(' https://cdn.example.com/c.png ')).toBe('https://cdn.example.com/c.png');
    expect(thumbnailInput('/media/seed/course-1.svg')).toBe('/media/seed/course-1.svg');
    expect(errorsOf(() => thumbnailInput('http://insecure.example.com/c.png'))).toEqual({ thumbnail: THUMBNAIL_MESSAGE });
  });

  it('takes a new lesson order only when it names every lesson exactly once', () => {
    expect(() => assertCompleteOrder([1, 2, 3], [3, 1, 2])).not.toThrow();
    for (const given of [
      [1, 2],
      [1, 2, 2],
      [1, 2, 4],
      [1, 2, 3, 3],
    ])
      expect(errorsOf(() => assertCompleteOrder([1, 2, 3], given))).toHaveProperty('ids');
  });
});
