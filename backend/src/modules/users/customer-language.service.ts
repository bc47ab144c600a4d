import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { FastifyRequest } from 'fastify';
import type { RequestLanguage } from '../../common/errors/all-exceptions.filter';
import { DEFAULT_LANGUAGE, isLanguage, requestLanguage, type Language } from '../../common/i18n';
import { SettingsService } from '../settings';
import { UsersRepository } from './users.repository';

/**
 * The language a customer is served in (DESIGN.md 13): the account's, else
 * the checkout's (the interface language of the page that started it), else
 * the site's (Settings > General > Language; English when that is `auto`).
 * Mails, PDFs and server messages for a customer ask here.
 */
@Injectable()
export class CustomerLanguage implements RequestLanguage {
  constructor(
    private readonly users: UsersRepository,
    private readonly settings: SettingsService,
    private readonly dataSource: DataSource,
  ) {}

  /**
   * The reader of a request: the signed-in account's language, else the interface language the page sends, else the
   * browser's, else the site's (the console's calls: the account's, else English).
   */
  async of(request: FastifyRequest): Promise<Language> {
    const userId = (request as FastifyRequest & { user?: { id?: string } }).user?.id;
    const own = userId ? await this.users.languageOf(this.dataSource.manager, { id: userId }) : null;
    if (own) return own;
    // The console speaks English: its answers do too, whatever the administrator's browser prefers.
    if (request.url.startsWith('/api/admin')) return DEFAULT_LANGUAGE;
    return requestLanguage(request.headers) ?? this.site();
  }

  /** Settings > General > Language as a language to write in (`auto` has no reader to follow: English). */
  async site(): Promise<Language> {
    const option = (await this.settings.get('general')).language;
    return isLanguage(option) ? option : DEFAULT_LANGUAGE;
  }

  /** An account's language, or the site's. */
  async ofUser(userId: string, manager: EntityManager = this.dataSource.manager): Promise<Language> {
    return (await this.users.languageOf(manager, { id: userId })) ?? this.site();
  }

  /** The language of the account with this email, else the one given (a checkout's), else the site's. */
  async ofEmail(email: string, fallback: string | null = null, manager: EntityManager = this.dataSource.manager): Promise<Language> {
    const own = await this.users.languageOf(manager, { email });
    if (own) return own;
    return isLanguage(fallback) ? fallback : this.site();
  }

  /**
   * A payment's buyer: the account that claimed it, else the account of its
   * email (a repeat buyer), else the checkout's interface language, else the site's.
   */
  async ofPayment(
    payment: { claimed_by_user_id?: string | null; email: string; language?: string | null },
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Language> {
    if (payment.claimed_by_user_id) return this.ofUser(payment.claimed_by_user_id, manager);
    return this.ofEmail(payment.email, payment.language ?? null, manager);
  }
}
