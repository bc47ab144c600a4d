import { lessonsAnnouncement } from './notification-recorder.service';

describe('lessonsAnnouncement', () => {
  const lessons = [
    { id: 1, title: 'Welcome' },
    { id: 2, title: 'Keyword research' },
    { id: 3, title: 'Link building' },
  ];

  it('announces the one lesson not announced before by its title', () => {
    expect(lessonsAnnouncement('SEO', lessons, [1, 3])).toEqual({ kind: 'lessons.added', title: 'New lesson in SEO', body: 'Keyword research' });
  });

  it('counts several new lessons and lists them in course order', () => {
    expect(lessonsAnnouncement('SEO', lessons, [1])).toEqual({ kind: 'lessons.added', title: '2 new lessons in SEO', body: 'Keyword research, Link building' });
  });

  it('announces nothing for edits, removals or a lesson published again', () => {
    expect(lessonsAnnouncement('SEO', lessons, [1, 2, 3])).toBeNull();
    expect(lessonsAnnouncement('SEO', lessons.slice(0, 1), [1, 2, 3])).toBeNull();
    expect(lessonsAnnouncement('SEO', [], [])).toBeNull();
  });

  it('announces an update when the announced lessons were never recorded', () => {
    expect(lessonsAnnouncement('SEO', lessons, null)).toEqual({
      kind: 'course.updated',
      title: 'Course updated: SEO',
      body: 'New or updated lessons are available.',
    });
  });
});
