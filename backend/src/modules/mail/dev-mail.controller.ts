import { Controller, Get, Header, Param, ParseIntPipe, Query, Res, StreamableFile, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/public.decorator';
import { ApiErrorResponse } from '../../common/openapi/api-responses';
import { CapturedMailService } from './captured-mail.service';
import { DevMailAccessGuard } from './dev-mail-access.guard';
import { CapturedMail, CapturedMailList } from './dto/captured-mail.dto';
import { escapeHtml } from './templates';

/**
 * Captured mail for developers (`/api/dev/mail`): outside production, while
 * no SMTP server is configured, every mail the product "sends" can be read
 * here, links included, from the developer's own machine (or with an
 * administrator's session: see DevMailAccessGuard). In production, and to
 * anyone else, these routes answer 404.
 */
@ApiTags('dev')
@Public()
@UseGuards(DevMailAccessGuard)
@ApiErrorResponse(404, 'Not served: in production, with mail capture off, or to a request neither from this machine nor with an administrator session')
@Controller('dev/mail')
export class DevMailController {
  constructor(private readonly captured: CapturedMailService) {}

  @Get()
  @ApiOperation({ summary: 'Captured mail, newest first (outside production only); filter by recipient and tag' })
  @ApiQuery({ name: 'to', required: false, description: 'Only mail to this address' })
  @ApiQuery({ name: 'tag', required: false, description: 'Only mail of this kind (receipt, password-reset, ...)' })
  @ApiOkResponse({ type: CapturedMailList })
  list(@Query('to') to?: string, @Query('tag') tag?: string): CapturedMailList {
    return { mail: this.captured.list({ to: to?.slice(0, 254), tag: tag?.slice(0, 60), limit: 200 }) };
  }

  @Get('inbox')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @ApiOperation({ summary: 'A page listing the captured mail, each opening its HTML part' })
  @ApiOkResponse({ description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } })
  inbox(): string {
    const rows = this.captured
      .list({ limit: 200 })
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.at)}</td><td>${escapeHtml(m.to)}</td><td><a href="/api/dev/mail/${m.id}/html">${escapeHtml(m.subject)}</a></td><td>${escapeHtml(m.tag ?? '')}</td><td>${m.attachments
            .map((f, i) => `<a href="/api/dev/mail/${m.id}/attachments/${i}">${escapeHtml(f)}</a>`)
            .join(' ')}</td><td><a href="/api/dev/mail/${m.id}">JSON</a></td></tr>`,
      )
      .join('');
    return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Captured mail</title><style>body{font-family:sans-serif;margin:24px}td,th{padding:4px 8px;border-bottom:1px solid #ddd;text-align:left}</style></head><body><h1>Captured mail</h1><table><thead><tr><th>At</th><th>To</th><th>Subject</th><th>Tag</th><th>Attachments</th><th></th></tr></thead><tbody>${rows || '<tr><td colspan="6">No mail captured yet.</td></tr>'}</tbody></table></body></html>`;
  }

  @Get(':id')
  @ApiOperation({ summary: 'One captured mail: headers, text and HTML parts, attachments (base64)' })
  @ApiOkResponse({ type: CapturedMail })
  get(@Param('id') id: string): CapturedMail {
    return this.captured.get(id);
  }

  @Get(':id/html')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Content-Security-Policy', "default-src 'none'; img-src * data:; style-src 'unsafe-inline'")
  @ApiOperation({ summary: "The captured mail's HTML part, as a mail client would render it" })
  @ApiOkResponse({ description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } })
  html(@Param('id') id: string): string {
    const mail = this.captured.get(id);
    return mail.html ?? `<pre>${escapeHtml(mail.text)}</pre>`;
  }

  @Get(':id/attachments/:index')
  @ApiOperation({ summary: 'One attachment of a captured mail' })
  @ApiOkResponse({ description: 'The attachment, in its own type', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } })
  attachment(@Param('id') id: string, @Param('index', ParseIntPipe) index: number, @Res({ passthrough: true }) reply: FastifyReply): StreamableFile {
    const file = this.captured.attachment(id, index);
    reply.header('Content-Type', file.contentType);
    reply.header('Content-Disposition', `inline; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`);
    return new StreamableFile(file.content);
  }
}
