import { toEmbedUrl, toSafeLessonHtml } from './lesson-content';

describe('toSafeLessonHtml', () => {
  it('converts markdown to HTML', () => {
    const html = toSafeLessonHtml('# Title\n\nSome **bold** and `code`.\n\n- one\n- two');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<li>one</li>');
  });

  it('keeps allowed HTML and strips scripts, handlers and javascript: links', () => {
    const html = toSafeLessonHtml('<p onclick="x()">Hi <u>there</u><script>alert(1)</script><a href="javascript:alert(1)">x</a></p>');
    expect(html).toBe('<p>Hi <u>there</u><a>x</a></p>');
  });

  it('drops data-URI and http images but keeps media and https images', () => {
    const html = toSafeLessonHtml(
      '<p><img src="data:image/png;base64,AAAA"><img src="http://x.example.com/a.png"><img src="/media/a.png"><img src="https://cdn.example.com/b.png"></p>',
    );
    expect(html).toBe('<p><img src="/media/a.png" /><img src="https://cdn.example.com/b.png" /></p>');
  });

  it('opens external links in a new tab without opener', () => {
    expect(toSafeLessonHtml('<p><a href="https://example.com">x</a></p>')).toBe(
      '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a></p>',
    );
  });
});

describe('toEmbedUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://www.youtube-nocookie.com/embed/abcdefgh', 'https://www.youtube-nocookie.com/embed/abcdefgh'],
    ['https://player.vimeo.com/video/123', 'https://player.vimeo.com/video/123'],
  ])('accepts %s', (input, expected) => {
    expect(toEmbedUrl(input)).toBe(expected);
  });

  it.each(['http://www.youtube.com/embed/abcdefgh', 'https://evil.example.com/embed/x', 'javascript:alert(1)', 'not a url', 'https://www.youtube.com/feed'])(
    'refuses %s',
    (input) => {
      expect(toEmbedUrl(input)).toBeNull();
    },
  );
});
