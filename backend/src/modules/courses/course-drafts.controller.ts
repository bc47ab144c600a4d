import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { AdminOnly, CurrentUser } from '../../common/auth/decorators';
import { IntIdPipe } from '../../common/http/id-params';
import { ApiErrorResponse } from '../../common/openapi/api-responses';
import { CourseDraftsService } from './course-drafts.service';
import { CoursePreviews } from './course-previews.service';
import { CoursePatchDto } from './dto/admin-course.dto';
import {
  CourseDraftView,
  PreviewLinkView,
  PublishOptionsDto,
  PublishResult,
  PublishScheduleView,
  RevisionView,
  ScheduleInputDto,
} from './dto/course-drafts.dto';

/** A course's draft, its publish (now, of chosen lessons, or scheduled), its history and its preview link. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/courses/:id')
export class CourseDraftsController {
  constructor(
    private readonly drafts: CourseDraftsService,
    private readonly previews: CoursePreviews,
  ) {}

  @Get('draft')
  @ApiOperation({ summary: "The course's draft, what is published, and what differs" })
  @ApiOkResponse({ type: CourseDraftView })
  get(@Param('id', IntIdPipe) id: number): Promise<CourseDraftView> {
    return this.drafts.view(id);
  }

  @Put('draft')
  @ApiOperation({ summary: 'Save the whole draft (the editor autosaves here; learners never see it until it is published)' })
  @ApiOkResponse({ type: CourseDraftView })
  save(@Param('id', IntIdPipe) id: number, @Body() body: CoursePatchDto, @CurrentUser() actor: AuthUser): Promise<CourseDraftView> {
    return this.drafts.save(id, body, actor);
  }

  @Delete('draft')
  @ApiOperation({ summary: 'Discard the draft (and a pending scheduled publish)' })
  @ApiOkResponse({ type: CourseDraftView })
  discard(@Param('id', IntIdPipe) id: number, @CurrentUser() actor: AuthUser): Promise<CourseDraftView> {
    return this.drafts.discard(id, actor);
  }

  @Post('publish')
  @HttpCode(200)
  @ApiOperation({ summary: 'Publish the draft now: all of it, or chosen lessons; one revision and one course.published event' })
  @ApiOkResponse({ type: PublishResult })
  @ApiErrorResponse(409, 'Nothing to publish: the draft (or the chosen lessons) is what is published (code CONFLICT)')
  publish(@Param('id', IntIdPipe) id: number, @Body() body: PublishOptionsDto, @CurrentUser() actor: AuthUser): Promise<PublishResult> {
    return this.drafts.publish(id, body, actor);
  }

  @Post('publish-schedule')
  @HttpCode(200)
  @ApiOperation({ summary: "Schedule the draft's publish (site timezone); replaces a pending schedule" })
  @ApiOkResponse({ type: PublishScheduleView })
  @ApiErrorResponse(409, 'Nothing to publish: the course has no draft (code CONFLICT)')
  schedule(@Param('id', IntIdPipe) id: number, @Body() body: ScheduleInputDto, @CurrentUser() actor: AuthUser): Promise<PublishScheduleView> {
    return this.drafts.schedule(id, body, actor);
  }

  @Delete('publish-schedule')
  @ApiOperation({ summary: 'Cancel the pending scheduled publish' })
  @ApiOkResponse({ type: CourseDraftView })
  cancelSchedule(@Param('id', IntIdPipe) id: number, @CurrentUser() actor: AuthUser): Promise<CourseDraftView> {
    return this.drafts.cancelSchedule(id, actor);
  }

  @Get('revisions')
  @ApiOperation({ summary: 'Every publish of the course, newest first' })
  @ApiOkResponse({ type: [RevisionView] })
  revisions(@Param('id', IntIdPipe) id: number): Promise<RevisionView[]> {
    return this.drafts.revisions(id);
  }

  @Post('revisions/:number/restore')
  @HttpCode(200)
  @ApiOperation({ summary: 'Restore a revision as the draft' })
  @ApiOkResponse({ type: CourseDraftView })
  restore(@Param('id', IntIdPipe) id: number, @Param('number', IntIdPipe) number: number, @CurrentUser() actor: AuthUser): Promise<CourseDraftView> {
    return this.drafts.restore(id, number, actor);
  }

  @Post('preview-link')
  @HttpCode(200)
  @ApiOperation({ summary: 'A signed link opening the draft in the learner viewer (read-only, 2 hours)' })
  @ApiOkResponse({ type: PreviewLinkView })
  previewLink(@Param('id', IntIdPipe) id: number): Promise<PreviewLinkView> {
    return this.previews.link(id);
  }
}
