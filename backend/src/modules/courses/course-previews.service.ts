import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CommonError } from '../../common/errors/common.error';
import { authConfig } from '../../config';
import type { CourseContent } from './course-content';
import { CourseDraftsService } from './course-drafts.service';
import { CoursesError } from './courses.error';
import { CoursesRepository } from './courses.repository';
import type { PreviewLinkView } from './dto/course-drafts.dto';

/** How long a preview link opens the draft. */
export const PREVIEW_LINK_SECONDS = 2 * 3600;

export const PREVIEW_INVALID_MESSAGE = 'This preview link has expired or is not valid';

export interface CoursePreview {
  courseId: number;
  expiresAt: Date;
  content: CourseContent;
  /** The live course's students and rating (a draft has none of its own). */
  figures: { students: number; rating: number; ratingsCount: number };
}

/**
 * Signed preview links: `/preview/{token}` on the learner site opens a
 * course's draft in the learner viewer, read-only, for whoever holds the
 * link until it expires (an author sends it to a reviewer too). The token
 * is the course id and the expiry, signed with a key derived from the
 * server's secret; it reads the draft as it is when opened.
 */
@Injectable()
export class CoursePreviews {
  private readonly key: Buffer;

  constructor(
    @Inject(authConfig.KEY) config: ConfigType<typeof authConfig>,
    private readonly drafts: CourseDraftsService,
    private readonly courses: CoursesRepository,
  ) {
    this.key = createHmac('sha256', config.jwtSecret).update('course-draft-preview/v1').digest();
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }

  async link(courseId: number, nowMs = Date.now()): Promise<PreviewLinkView> {
    if (!(await this.courses.byId(courseId))) throw CoursesError.courseNotFound();
    const exp = Math.floor(nowMs / 1000) + PREVIEW_LINK_SECONDS;
    const body = `${courseId}.${exp}`;
    const token = `${body}.${this.sign(body)}`;
    return { url: `/preview/${token}`, token, expiresAt: new Date(exp * 1000).toISOString() };
  }

  /** The draft a token opens; a forged, malformed or expired token is a 404 with one message. */
  async open(token: string, nowMs = Date.now()): Promise<CoursePreview> {
    const invalid = () => CommonError.notFound(PREVIEW_INVALID_MESSAGE);
    const match = /^(\d{1,10})\.(\d{1,11})\.([\w-]{43})$/.exec(token);
    if (!match) throw invalid();
    const [, course, exp, sig] = match;
    const expected = Buffer.from(this.sign(`${course}.${exp}`));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
    if (Number(exp) * 1000 <= nowMs) throw invalid();
    const row = await this.courses.byId(Number(course));
    if (!row) throw invalid();
    return {
      courseId: row.id,
      expiresAt: new Date(Number(exp) * 1000),
      content: await this.drafts.draftContent(row.id),
      figures: { students: row.students, rating: Number(row.rating), ratingsCount: row.ratings_count },
    };
  }
}
