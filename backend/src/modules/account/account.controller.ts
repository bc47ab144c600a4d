import { Body, Controller, Get, HttpCode, Param, Post, Put, Res, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, OpenDuringMaintenance } from '../../common/auth/decorators';
import { Public } from '../../common/auth/public.decorator';
import { UuidPipe } from '../../common/http/id-params';
import { ApiErrorResponse, MessageResult } from '../../common/openapi/api-responses';
import { AccountService } from './account.service';
import { AccountPage, EmailChanged, ProfileSaved, RefundRequested } from './dto/account-views.dto';
import { ConfirmEmailChangeDto, DeleteAccountDto, EmailChangeDto, LanguageDto, ProfileDto, RefundRequestDto } from './dto/account.dto';

/** The learner's account page (`/dashboard/account`): signed in, lifetime access not required. */
@ApiTags('account')
@Controller('account')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @Get()
  @ApiOperation({ summary: 'The signed-in learner: profile and purchase history (receipt numbers, refund status and eligibility)' })
  @ApiOkResponse({ type: AccountPage })
  get(@CurrentUser() user: AuthUser): Promise<AccountPage> {
    return this.account.get(user);
  }

  @Put('profile')
  @ApiOperation({ summary: 'Changes the display name' })
  @ApiOkResponse({ type: ProfileSaved })
  rename(@Body() body: ProfileDto, @CurrentUser() user: AuthUser): Promise<ProfileSaved> {
    return this.account.rename(user, body.name);
  }

  @Put('language')
  @ApiOperation({ summary: "Changes the account's language (mails, receipts, certificates, server messages; the learner site follows it)" })
  @ApiOkResponse({ type: ProfileSaved })
  @ApiErrorResponse(400, 'Not one of the languages offered (en, es, fr, de)')
  setLanguage(@Body() body: LanguageDto, @CurrentUser() user: AuthUser): Promise<ProfileSaved> {
    return this.account.setLanguage(user, body.language);
  }

  @Post('email-change')
  @HttpCode(200)
  @ApiOperation({ summary: 'Asks to change the email (current password required); a confirmation link goes to the new address' })
  @ApiOkResponse({ type: MessageResult })
  @ApiErrorResponse(409, 'Another account already uses this email')
  @ApiErrorResponse(429, 'Too many wrong current passwords')
  requestEmailChange(@Body() body: EmailChangeDto, @CurrentUser() user: AuthUser): Promise<MessageResult> {
    return this.account.requestEmailChange(user, body.newEmail, body.currentPassword);
  }

  @Public()
  @OpenDuringMaintenance()
  @Post('email-change/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirms an email change from the emailed link (works once); every session ends' })
  @ApiOkResponse({ type: EmailChanged })
  @ApiErrorResponse(409, 'Another account took this email meanwhile')
  confirmEmailChange(@Body() body: ConfirmEmailChangeDto): Promise<EmailChanged> {
    return this.account.confirmEmailChange(body.token);
  }

  @Post('delete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Deletes the account: personal data anonymised, payment records kept (current password and the word DELETE required)' })
  @ApiOkResponse({ type: MessageResult })
  @ApiErrorResponse(429, 'Too many wrong current passwords')
  delete(@Body() body: DeleteAccountDto, @CurrentUser() user: AuthUser): Promise<MessageResult> {
    return this.account.delete(user, body.currentPassword);
  }

  @Get('purchases/:paymentId/receipt')
  @ApiOperation({ summary: "The numbered receipt PDF of one of the learner's payments" })
  @ApiOkResponse({ description: 'The receipt, as an attachment', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  async receipt(
    @Param('paymentId', UuidPipe) paymentId: string,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const file = await this.account.receipt(user, paymentId);
    reply.header('Content-Type', 'application/pdf');
    reply.header('Content-Disposition', `attachment; filename="${file.filename}"`);
    reply.header('Cache-Control', 'private, no-store');
    return new StreamableFile(file.content);
  }

  @Get('purchases/:paymentId/credit-note')
  @ApiOperation({ summary: "The numbered credit note PDF of one of the learner's refunded payments (it credits the payment's invoice)" })
  @ApiOkResponse({ description: 'The credit note, as an attachment', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  async creditNote(
    @Param('paymentId', UuidPipe) paymentId: string,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const file = await this.account.creditNote(user, paymentId);
    reply.header('Content-Type', 'application/pdf');
    reply.header('Content-Disposition', `attachment; filename="${file.filename}"`);
    reply.header('Cache-Control', 'private, no-store');
    return new StreamableFile(file.content);
  }

  @Post('purchases/:paymentId/refund-request')
  @HttpCode(200)
  @ApiOperation({ summary: 'Asks for a refund: within the policy it waits for an admin (pending); otherwise 422 with the reasons' })
  @ApiOkResponse({ type: RefundRequested })
  @ApiErrorResponse(409, 'A refund request for this payment is already pending or settled')
  @ApiErrorResponse(422, 'Outside the refund policy: the reasons are in the message')
  requestRefund(@Param('paymentId', UuidPipe) paymentId: string, @Body() body: RefundRequestDto, @CurrentUser() user: AuthUser): Promise<RefundRequested> {
    return this.account.requestRefund(user, paymentId, body.reason ?? '');
  }
}
