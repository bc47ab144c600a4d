import { ApiProperty, PickType } from '@nestjs/swagger';
import { LANGUAGES, type Language } from '../../../common/i18n';
import { MessageResult, SuccessResult } from '../../../common/openapi/api-responses';
import { Purchase } from '../../payments';
import { UserIdentity } from '../../users';

/** The signed-in learner, as the account page shows them. */
export class AccountProfile extends PickType(UserIdentity, ['id', 'name', 'email', 'plan', 'joinDate'] as const) {
  @ApiProperty({ description: 'Lifetime access' })
  hasAccess: boolean;
  @ApiProperty({
    enum: LANGUAGES,
    nullable: true,
    type: String,
    description: "The language of the account's mails, documents and messages (null: the site's, Settings > General > Language)",
  })
  language: Language | null;
}

export class AccountPage {
  @ApiProperty()
  profile: AccountProfile;
  @ApiProperty({ type: [Purchase], description: 'Newest first' })
  purchases: Purchase[];
}

export class ProfileSaved extends SuccessResult {
  @ApiProperty()
  profile: AccountProfile;
}

export class EmailChanged extends MessageResult {
  @ApiProperty({ format: 'email', description: 'The new email' })
  email: string;
}

export class RefundRequested extends MessageResult {
  @ApiProperty({ enum: ['pending'] })
  status: 'pending';
}

/** A learner's message to support, as the console lists it. */
export class SupportMessageView {
  @ApiProperty()
  id: number;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'null once the account is deleted' })
  userId: string | null;
  @ApiProperty()
  name: string;
  @ApiProperty()
  email: string;
  @ApiProperty()
  subject: string;
  @ApiProperty()
  message: string;
  @ApiProperty({ enum: ['new', 'read'] })
  status: 'new' | 'read';
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}
