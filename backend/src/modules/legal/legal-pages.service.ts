import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { CommonError } from '../../common/errors/common.error';
import { formatPercent, isLanguage, LANGUAGES, type Language } from '../../common/i18n';
import { TransactionRunner } from '../../events/transaction-runner';
import { AuditService } from '../audit';
import { Pricing, REFUND_MAX_ACCESSED_PERCENT, REFUND_WINDOW_DAYS } from '../payments';
import { SettingsService } from '../settings';
import type { AdminLegalPage, PublicLegalPage } from './dto/legal-page.dto';
import { LEGAL_DEFAULTS } from './legal-defaults';
import { DEFAULT_TEXTS_DATE, isLegalPage, LEGAL_MARKDOWN_MAX, LEGAL_PAGES, type LegalPageName } from './legal-pages';
import { LegalPagesRepository, type LegalPageRow } from './legal-pages.repository';
import { renderLegalMarkdown, type PlaceholderValues } from './legal-render';

/** A page and a language as an address gives them, checked (400 with the reason otherwise). */
export function legalPageOf(page: string, language: string): { page: LegalPageName; language: Language } {
  if (!isLegalPage(page)) throw CommonError.field('page', 'Unknown legal page: the pages are terms, privacy and refund');
  if (!isLanguage(language)) throw CommonError.field('language', 'Unknown language: the languages are en, es, fr and de');
  return { page, language };
}

/** A price as the learner site writes it: no decimals for a whole amount ("497 €"), two otherwise ("297,50 €"). */
function formatPrice(amount: string, currency: string, language: Language): string {
  const value = Number(amount);
  const digits = Number.isInteger(value) ? 0 : 2;
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  } catch {
    return `${amount} ${currency}`;
  }
}

/**
 * The terms, privacy and refund pages: the seller's text per language
 * (Settings > Legal pages in the console), else the built-in one; shown as
 * sanitised HTML with the placeholders filled from the settings as they are
 * now, money and percentages written as the page's language writes them.
 */
@Injectable()
export class LegalPagesService {
  constructor(
    private readonly repository: LegalPagesRepository,
    private readonly settings: SettingsService,
    private readonly pricing: Pricing,
    private readonly tx: TransactionRunner,
    private readonly audit: AuditService,
  ) {}

  /** What `{{placeholders}}` stand for in this language. */
  async placeholders(language: Language): Promise<PlaceholderValues> {
    const [general, price] = await Promise.all([this.settings.get('general'), this.pricing.current()]);
    return {
      price: formatPrice(price.amount, price.currency, language),
      currency: price.currency,
      refundWindowDays: String(REFUND_WINDOW_DAYS),
      refundMaxAccessedPercent: formatPercent({ language }, REFUND_MAX_ACCESSED_PERCENT / 100),
      sellerName: general.sellerName || general.siteName,
      sellerAddress: general.sellerAddress,
      supportEmail: general.supportEmail || general.adminEmail,
      siteName: general.siteName,
    };
  }

  /** The page for the learner site, in that language: the seller's text or the built-in one, rendered. */
  async forPublic(page: LegalPageName, language: Language): Promise<PublicLegalPage> {
    const [row, values] = await Promise.all([this.repository.one(page, language), this.placeholders(language)]);
    return {
      page,
      language,
      html: renderLegalMarkdown(row?.markdown ?? LEGAL_DEFAULTS[page][language], values),
      isDefault: !row,
      updatedAt: row ? row.updated_at.toISOString() : DEFAULT_TEXTS_DATE,
    };
  }

  async list(): Promise<AdminLegalPage[]> {
    const rows = await this.repository.all();
    const stored = new Map(rows.map((row) => [`${row.page}-${row.language}`, row]));
    return LEGAL_PAGES.flatMap((page) => LANGUAGES.map((language) => toAdmin(page, language, stored.get(`${page}-${language}`))));
  }

  async one(page: LegalPageName, language: Language): Promise<AdminLegalPage> {
    return toAdmin(page, language, await this.repository.one(page, language));
  }

  /** How a text would look on the site now (the console's preview), without saving it. */
  async preview(page: LegalPageName, language: Language, markdown: unknown): Promise<string> {
    const text = checkedMarkdown(markdown);
    return renderLegalMarkdown(text.trim() === '' ? LEGAL_DEFAULTS[page][language] : text, await this.placeholders(language));
  }

  /** Saves the seller's text; an empty one goes back to the built-in text. Audited. */
  async save(page: LegalPageName, language: Language, markdown: unknown, actor: AuthUser): Promise<AdminLegalPage> {
    const text = checkedMarkdown(markdown);
    const reset = text.trim() === '';
    await this.tx.run(async (tx) => {
      const before = await this.repository.one(page, language, tx.manager);
      if (reset ? !before : before?.markdown === text) return;
      if (reset) await this.repository.remove(tx.manager, page, language);
      else await this.repository.save(tx.manager, { page, language, markdown: text, updatedBy: actor.id });
      await this.audit.record(tx.manager, {
        actor,
        action: reset ? 'delete' : 'update',
        resource: 'legal-page',
        resourceId: `${page}-${language}`,
        summary: reset ? `Reset the ${page} page (${language}) to the default text` : `Updated the ${page} page (${language})`,
        before: { characters: before ? before.markdown.length : null, isDefault: !before },
        after: { characters: reset ? null : text.length, isDefault: reset },
      });
    });
    return this.one(page, language);
  }
}

function checkedMarkdown(markdown: unknown): string {
  if (typeof markdown !== 'string') throw CommonError.field('markdown', 'The page text must be Markdown text');
  if (markdown.length > LEGAL_MARKDOWN_MAX) throw CommonError.field('markdown', `The page text must be at most ${LEGAL_MARKDOWN_MAX} characters`);
  return markdown;
}

function toAdmin(page: LegalPageName, language: Language, row: LegalPageRow | undefined): AdminLegalPage {
  return {
    id: `${page}-${language}`,
    page,
    language,
    markdown: row?.markdown ?? '',
    defaultMarkdown: LEGAL_DEFAULTS[page][language],
    isDefault: !row,
    updatedAt: row ? row.updated_at.toISOString() : null,
    updatedBy: row ? row.updated_by_email : null,
  };
}
