import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { AdminOnly, CurrentUser } from '../../common/auth/decorators';
import { csvStream } from '../../common/http/csv';
import { UuidPipe } from '../../common/http/id-params';
import { PagedListQueryDto, parsePagedListQuery, setPageHeaders, type PagedListSpec } from '../../common/http/list-paging';
import { filters, ListQueryDto } from '../../common/http/list-query';
import { ApiCsvExport, ApiErrorResponse, ApiList, SuccessResult } from '../../common/openapi/api-responses';
import { UserInputDto, UserPatchDto } from './dto/user.dto';
import { LEARNER_STATS, type LearnerStats } from './ports';
import { PLANS, ROLES, STATUSES, type UserRow } from './user.model';
import { AdminUserView, UserSummary } from './dto/user-views.dto';
import { toAdminView } from './user-views';
import { UsersError } from './users.error';
import { USER_SORT_FIELDS, USER_SORT_KEYS } from './users.repository';
import { UsersService } from './users.service';

const SPEC: PagedListSpec = {
  resource: 'users',
  sortable: USER_SORT_FIELDS,
  sortKeys: USER_SORT_KEYS,
  idType: 'uuid',
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

const EXAMPLE_USER: AdminUserView = {
  id: '8c3e5a1f-2b4d-4f6a-9c8e-7d1b0a2f3e4c',
  name: 'Ana Martins',
  email: 'ana@example.com',
  role: 'student',
  status: 'active',
  plan: 'lifetime',
  joinDate: '2026-01-05',
  lastLogin: '2026-01-31T09:12:44.000Z',
  lastLoginAt: '2026-01-31T09:12:44.000Z',
  hasAccess: true,
  coursesCompleted: 2,
  createdAt: '2026-01-05T14:03:10.000Z',
  updatedAt: '2026-01-31T09:12:44.000Z',
};

@ApiTags('admin')
@AdminOnly()
@Controller('admin/users')
export class AdminUsersController {
  constructor(
    private readonly users: UsersService,
    @Inject(LEARNER_STATS) private readonly learners: LearnerStats,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'Users (simple-rest list: sort, range, filter q/role/status/plan; Content-Range, exact or estimated (X-Total-Estimated); after = X-Next-Cursor for the next page at any depth)',
  })
  @ApiList(AdminUserView, SPEC, {
    page: [EXAMPLE_USER],
    filter: {
      summary: 'Active learners with lifetime access who joined in 2026',
      value: { role: 'student', status: 'active', plan: 'lifetime', joinedFrom: '2026-01-01' },
    },
  })
  async list(@Query() raw: PagedListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminUserView[]> {
    const query = parsePagedListQuery(raw, SPEC);
    const page = await this.users.list(query);
    setPageHeaders(reply, SPEC.resource, query, page);
    return this.views(page.rows);
  }

  @Get('summary')
  @ApiOperation({ summary: 'The stat cards: total, active, admins, non-active' })
  @ApiOkResponse({ type: UserSummary })
  summary(): Promise<UserSummary> {
    return this.users.summary();
  }

  @Get('export')
  @ApiOperation({ summary: 'Every user of the current filter and sort as CSV, streamed from a cursor (password hashes never included)' })
  @ApiCsvExport(SPEC, 'users.csv', { sorted: true, limited: true })
  export(@Query() raw: ListQueryDto): StreamableFile {
    const query = parsePagedListQuery({ filter: raw.filter, sort: raw.sort }, SPEC);
    const csv = csvStream(
      CSV_COLUMNS.map(([name]) => name),
      this.users.exportBatches(query),
      async (rows: UserRow[]) => (await this.views(rows)).map((u) => CSV_COLUMNS.map(([, value]) => value(u))),
    );
    return new StreamableFile(csv, { type: 'text/csv; charset=utf-8', disposition: 'attachment; filename="users.csv"' });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One user' })
  @ApiOkResponse({ type: AdminUserView, example: EXAMPLE_USER })
  async get(@Param('id', UuidPipe) id: string): Promise<AdminUserView> {
    const user = await this.users.findById(id);
    if (!user) throw UsersError.notFound();
    return (await this.views([user]))[0];
  }

  @Post()
  @ApiOperation({ summary: 'Create a user; without a password an invitation email lets them choose one' })
  @ApiCreatedResponse({ type: AdminUserView, description: 'The user created, with its id' })
  @ApiErrorResponse(409, 'A user with this email already exists')
  async create(@Body() body: UserInputDto, @CurrentUser() actor: AuthUser): Promise<AdminUserView> {
    return (await this.views([await this.users.adminCreate(body, actor)]))[0];
  }

  @Put(':id')
  @ApiOperation({ summary: 'Update a user (whole record or only some fields); status or role changes end their sessions' })
  @ApiOkResponse({ type: AdminUserView, description: 'The user as saved' })
  @ApiErrorResponse(409, 'A user with this email already exists')
  async update(@Param('id', UuidPipe) id: string, @Body() body: UserPatchDto, @CurrentUser() actor: AuthUser): Promise<AdminUserView> {
    return (await this.views([await this.users.adminUpdate(id, body, actor)]))[0];
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a user (not yourself: 400)' })
  @ApiOkResponse({ type: AdminUserView, description: 'The deleted user' })
  async remove(@Param('id', UuidPipe) id: string, @CurrentUser() actor: AuthUser): Promise<AdminUserView> {
    return toAdminView(await this.users.adminDelete(id, actor), 0);
  }

  @Post(':id/sign-out-everywhere')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ends every session of the user at once' })
  @ApiOkResponse({ type: SuccessResult })
  async signOutEverywhere(@Param('id', UuidPipe) id: string, @CurrentUser() actor: AuthUser): Promise<SuccessResult> {
    await this.users.adminSignOutEverywhere(id, actor);
    return { success: true };
  }

  private async views(rows: UserRow[]): Promise<AdminUserView[]> {
    const counts = await this.learners.completedCourseCounts(rows.map((r) => r.id));
    return rows.map((r) => toAdminView(r, counts.get(r.id) ?? 0));
  }
}
