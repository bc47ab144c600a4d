import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { CommonError } from '../../common/errors/common.error';
import type { ListQuery } from '../../common/http/list-query';
import { TransactionRunner } from '../../events/transaction-runner';
import { UsersService } from '../users';
import { SupportMessagesRepository, type SupportMessageFilter, type SupportMessageRow } from './support-messages.repository';
import type { SupportMessageView } from './dto/account-views.dto';

const view = (r: SupportMessageRow): SupportMessageView => ({
  id: Number(r.id),
  userId: r.user_id,
  name: r.name,
  email: r.email,
  subject: r.subject,
  message: r.message,
  status: r.status,
  createdAt: new Date(r.created_at).toISOString(),
});

/** The contact form of signed-in learners: stored for the console, announced by an event (the admin gets it by email). */
@Injectable()
export class SupportService {
  constructor(
    private readonly messages: SupportMessagesRepository,
    private readonly users: UsersService,
    private readonly tx: TransactionRunner,
  ) {}

  async send(caller: AuthUser, subject: string, message: string): Promise<{ success: true; message: string }> {
    const user = await this.users.findById(caller.id);
    if (!user) throw CommonError.unauthenticated('Your session has ended. Please sign in again.');
    await this.tx.run(async (tx) => {
      const row = await this.messages.insert(tx.manager, { userId: user.id, name: user.name, email: user.email, subject, message });
      await tx.emit(
        'support.message_received',
        { type: 'support-message', id: row.id },
        { messageId: row.id, userId: user.id, name: user.name, email: user.email, subject, message },
      );
    });
    return { success: true, message: 'Thank you! Your message was sent to our support team. We reply by email.' };
  }

  async list(query: ListQuery): Promise<{ rows: SupportMessageView[]; total: number }> {
    const { rows, total } = await this.messages.list(query.filter as SupportMessageFilter, query);
    return { rows: rows.map(view), total };
  }

  async get(id: number): Promise<SupportMessageView> {
    const row = await this.messages.find(id);
    if (!row) throw CommonError.notFound('Message not found');
    return view(row);
  }

  async setStatus(id: number, status: 'new' | 'read'): Promise<SupportMessageView> {
    if (!(await this.messages.setStatus(id, status))) throw CommonError.notFound('Message not found');
    return this.get(id);
  }
}
