import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { ApiError } from '../../common/errors/api-error';
import { toCsv } from '../../common/http/csv';
import { UuidPipe } from '../../common/http/id-params';
import { filters, ListQueryDto, parseListQuery, setContentRange, type ListSpec } from '../../common/http/list-query';
import { appConfig } from '../../config';
import { ProgressService } from '../courses/progress.service';
import { MailService } from '../mail/mail.service';
import { invitationMail } from '../mail/templates';
import { SettingsService } from '../settings/settings.service';
import { UserInputDto, UserPatchDto } from './dto/user.dto';
import { PLANS, ROLES, STATUSES } from './entities/user.entity';
import { PasswordResetService } from './password-reset.service';
import { toAdminView, USER_SORT_FIELDS, UsersService, type AdminUserView, type UserRow } from './users.service';

const SPEC: ListSpec = {
  resource: 'users',
  sortable: USER_SORT_FIELDS,
  defaultSort: ['createdAt', 'DESC'],
  idKind: 'uuid',
  filters: {
    q: filters.text(),
    role: filters.oneOf(ROLES),
    status: filters.oneOf(STATUSES),
    plan: filters.oneOf(PLANS),
    joinedFrom: filters.date(),
    joinedTo: filters.date(),
  },
};

const INVITATION_SECONDS = 24 * 3600;
/** An export is a download of the filtered list, not a paging tool: cap it so one click cannot load an unbounded table. */
const EXPORT_LIMIT = 50_000;

const CSV_COLUMNS: Array<[string, (u: AdminUserView) => unknown]> = [
  ['id', (u) => u.id],
  ['name', (u) => u.name],
  ['email', (u) => u.email],
  ['role', (u) => u.role],
  ['status', (u) => u.status],
  ['plan', (u) => u.plan],
  ['joinDate', (u) => u.joinDate],
  ['lastLogin', (u) => u.lastLogin],
  ['coursesCompleted', (u) => u.coursesCompleted],
];

@ApiTags('admin')
@Controller('admin/users')
export class AdminUsersController {
  constructor(
    private readonly users: UsersService,
    private readonly progress: ProgressService,
    private readonly resets: PasswordResetService,
    private readonly mail: MailService,
    private readonly settings: SettingsService,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Users (simple-rest list: sort, range, filter q/role/status/plan; Content-Range)' })
  async list(@Query() raw: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminUserView[]> {
    const query = parseListQuery(raw, SPEC);
    const { rows, total } = await this.users.list(query);
    setContentRange(reply, SPEC.resource, query, rows.length, total);
    return this.views(rows);
  }

  @Get('summary')
  @ApiOperation({ summary: 'The stat cards: total, active, admins, non-active' })
  summary(): ReturnType<UsersService['summary']> {
    return this.users.summary();
  }

  @Get('export')
  @ApiOperation({ summary: 'The users of the current filter and sort as CSV (password hashes never included)' })
  async export(@Query() raw: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const query = parseListQuery({ filter: raw.filter, sort: raw.sort }, SPEC);
    const { rows } = await this.users.list({ ...query, skip: 0, take: EXPORT_LIMIT });
    const views = await this.views(rows);
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', 'attachment; filename="users.csv"');
    return toCsv(CSV_COLUMNS.map(([name]) => name), views.map((u) => CSV_COLUMNS.map(([, value]) => value(u))));
  }

  @Get(':id')
  async get(@Param('id', UuidPipe) id: string): Promise<AdminUserView> {
    const user = await this.users.findById(id);
    if (!user) throw ApiError.notFound('User not found');
    return (await this.views([user]))[0];
  }

  @Post()
  @ApiOperation({ summary: 'Create a user; without a password an invitation email lets them choose one' })
  async create(@Body() body: UserInputDto, @CurrentUser() actor: AuthUser): Promise<AdminUserView> {
    const user = await this.users.adminCreate(body, actor, async (tx, created) => {
      const token = await this.resets.issue(tx.manager, created.id, INVITATION_SECONDS);
      const { siteName } = await this.settings.get('general');
      await this.mail.send(invitationMail(siteName, created.email, created.name, `${this.app.publicUrl}/reset-password?token=${encodeURIComponent(token)}`));
    });
    return (await this.views([user]))[0];
  }

  @Put(':id')
  @ApiOperation({ summary: 'Update a user (whole record or only some fields); status or role changes end their sessions' })
  async update(@Param('id', UuidPipe) id: string, @Body() body: UserPatchDto, @CurrentUser() actor: AuthUser): Promise<AdminUserView> {
    return (await this.views([await this.users.adminUpdate(id, body, actor)]))[0];
  }

  @Delete(':id')
  async remove(@Param('id', UuidPipe) id: string, @CurrentUser() actor: AuthUser): Promise<AdminUserView> {
    return toAdminView(await this.users.adminDelete(id, actor), 0);
  }

  @Post(':id/sign-out-everywhere')
  @HttpCode(200)
  @ApiOperation({ summary: "Ends every session of the user at once" })
  async signOutEverywhere(@Param('id', UuidPipe) id: string, @CurrentUser() actor: AuthUser): Promise<{ success: true }> {
    await this.users.adminSignOutEverywhere(id, actor);
    return { success: true };
  }

  private async views(rows: UserRow[]): Promise<AdminUserView[]> {
    const counts = await this.progress.completedCourseCounts(rows.map((r) => r.id));
    return rows.map((r) => toAdminView(r, counts.get(r.id) ?? 0));
  }
}
