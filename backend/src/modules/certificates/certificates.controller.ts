import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { AdminOnly, CurrentUser } from '../../common/auth/decorators';
import { Public } from '../../common/auth/public.decorator';
import { ApiList } from '../../common/openapi/api-responses';
import { ApiErrorResponse } from '../../common/openapi/api-responses';
import { filters, ListQueryDto, parseListQuery, setContentRange, type ListSpec } from '../../common/http/list-query';
import { CertificatesService } from './certificates.service';
import { AdminCertificate, CertificateVerification, MyCertificates, RevokeCertificateDto } from './dto/certificates.dto';

const SPEC: ListSpec = {
  resource: 'certificates',
  sortable: ['issuedAt'],
  defaultSort: ['issuedAt', 'DESC'],
  // Certificate ids are random text: the list is never asked for by ids.
  idKind: 'uuid',
  filters: { q: filters.text() },
};

/** The learner's certificates and their PDFs. */
@ApiTags('certificates')
@Controller('certificates')
export class CertificatesController {
  constructor(private readonly certificates: CertificatesService) {}

  @Get()
  @ApiOperation({ summary: "The signed-in learner's certificates of completion" })
  @ApiOkResponse({ type: MyCertificates })
  async mine(@CurrentUser() user: AuthUser): Promise<MyCertificates> {
    return { certificates: await this.certificates.mine(user) };
  }

  @Get(':id/pdf')
  @ApiOperation({ summary: 'A certificate as a PDF (its learner or an administrator)' })
  @ApiOkResponse({ description: 'The certificate, as an attachment', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiErrorResponse(404, 'No such certificate of yours (code CERTIFICATE_NOT_FOUND)')
  async pdf(@Param('id') id: string, @CurrentUser() user: AuthUser, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const file = await this.certificates.pdf(id, user);
    reply.header('Content-Type', 'application/pdf');
    reply.header('Content-Disposition', `attachment; filename="${file.filename}"`);
    reply.header('Cache-Control', 'private, no-store');
    return new StreamableFile(file.content);
  }
}

/** Anyone (a recruiter following a LinkedIn link) checks a certificate. */
@ApiTags('certificates')
@Public()
@Controller('public/certificates')
export class PublicCertificatesController {
  constructor(private readonly certificates: CertificatesService) {}

  @Get(':id')
  @ApiOperation({ summary: "Verify a certificate: the learner's name, course, date, site and whether it is valid, revoked or replaced" })
  @ApiOkResponse({ type: CertificateVerification })
  @ApiErrorResponse(404, 'No such certificate (code CERTIFICATE_NOT_FOUND)')
  verify(@Param('id') id: string): Promise<CertificateVerification> {
    return this.certificates.verify(id);
  }
}

/** Certificates in the console: list, revoke, re-issue. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/certificates')
export class AdminCertificatesController {
  constructor(private readonly certificates: CertificatesService) {}

  @Get()
  @ApiOperation({ summary: 'Current certificates, newest first (simple-rest list; filter q: learner, course or id)' })
  @ApiList(AdminCertificate, SPEC)
  async list(@Query() raw: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminCertificate[]> {
    const query = parseListQuery(raw, SPEC);
    const q = typeof query.filter.q === 'string' ? query.filter.q : undefined;
    const { items, total } = await this.certificates.list(q, query.skip, query.take);
    setContentRange(reply, SPEC.resource, query, items.length, total);
    return items;
  }

  @Post(':id/revoke')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke a certificate: its public page then says revoked' })
  @ApiOkResponse({ type: AdminCertificate })
  @ApiErrorResponse(404, 'No such current certificate (code CERTIFICATE_NOT_FOUND)')
  revoke(@Param('id') id: string, @Body() body: RevokeCertificateDto, @CurrentUser() user: AuthUser): Promise<AdminCertificate> {
    return this.certificates.revoke(id, body.reason || 'Revoked by an administrator', user);
  }

  @Post(':id/reissue')
  @HttpCode(200)
  @ApiOperation({ summary: "Re-issue a certificate with the learner's current name (after a name change); the old one verifies as replaced" })
  @ApiOkResponse({ type: AdminCertificate })
  @ApiErrorResponse(404, 'No such current certificate (code CERTIFICATE_NOT_FOUND)')
  reissue(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<AdminCertificate> {
    return this.certificates.reissue(id, user);
  }
}
