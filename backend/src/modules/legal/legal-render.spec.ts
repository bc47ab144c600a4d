import { LEGAL_DEFAULTS } from './legal-defaults';
import { LEGAL_PLACEHOLDERS } from './legal-pages';
import { renderLegalMarkdown, type PlaceholderValues } from './legal-render';

const VALUES: PlaceholderValues = {
  price: '297,50\u00a0€',
  currency: 'EUR',
  refundWindowDays: '30',
  refundMaxAccessedPercent: '20\u00a0%',
  sellerName: 'Nord <GmbH> & "Co"',
  sellerAddress: 'Hauptstr. 5, 10115 Berlin',
  supportEmail: 'help@nord.example',
  siteName: 'Akademie',
};

describe('a legal page as the learner site shows it', () => {
  it('renders Markdown and fills the placeholders, escaped, in text and in link addresses', () => {
    const html = renderLegalMarkdown('## Price\n\nPay **{{price}}** to {{ sellerName }}. Mail [us](mailto:{{supportEmail}}).', VALUES);
    expect(html).toBe(
      '<h2>Price</h2>\n<p>Pay <strong><span data-placeholder="price">297,50\u00a0€</span></strong> to <span data-placeholder="sellerName">Nord &#60;GmbH&#62; &#38; &#34;Co&#34;</span>. Mail <a href="mailto:help@nord.example">us</a>.</p>',
    );
  });

  it('keeps a placeholder nobody knows as written', () => {
    expect(renderLegalMarkdown('Hello {{nobody}} and [x]({{nobody}})', VALUES)).toBe('<p>Hello {{nobody}} and <a href="%7B%7Bnobody%7D%7D">x</a></p>');
  });

  it('drops scripts, event handlers, javascript: links and raw HTML', () => {
    const html = renderLegalMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[click](javascript:alert(3)) [data](data:text/html;base64,PHNjcmlwdD4=)\n\n# Big',
      VALUES,
    );
    // No element but the allowed ones, no attribute but href, and no address with another scheme.
    expect(html.match(/<[a-z][a-z0-9]*/g)?.filter((tag) => !['<p', '<h2'].includes(tag))).toEqual([]);
    expect(html).not.toMatch(/<[^>]*\son\w+=/i);
    expect(html).not.toMatch(/href="(javascript|data):/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(renderLegalMarkdown('[a](JaVaScRiPt:alert(1)) <javascript:alert(2)> [b](vbscript:x)', VALUES)).not.toMatch(/href=/);
    expect(html).toContain('<h2>Big</h2>');
  });

  it('checks the scheme of a link address after its placeholder is filled', () => {
    const html = renderLegalMarkdown('[x]({{supportEmail}})', { ...VALUES, supportEmail: 'javascript:alert(1)' });
    expect(html).toBe('<p><a>x</a></p>');
  });

  it('opens links to other sites in a new tab, and keeps the site’s own pages in place', () => {
    const html = renderLegalMarkdown('[a](https://example.com) [b](/refund-policy)', VALUES);
    expect(html).toBe('<p><a href="https://example.com" target="_blank" rel="noopener noreferrer">a</a> <a href="/refund-policy">b</a></p>');
  });

  it('has a built-in text for every page in every language, each using only known placeholders', () => {
    for (const [page, texts] of Object.entries(LEGAL_DEFAULTS)) {
      for (const [language, text] of Object.entries(texts)) {
        const used = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
        expect([page, language, used.filter((name) => !(LEGAL_PLACEHOLDERS as readonly string[]).includes(name))]).toEqual([page, language, []]);
        const html = renderLegalMarkdown(text, VALUES);
        expect([page, language, html.includes('{{')]).toEqual([page, language, false]);
        expect(html.match(/<h2>/g)?.length).toBe(page === 'refund' ? 4 : 6);
      }
    }
  });
});
