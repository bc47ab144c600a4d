import { ApiProperty } from '@nestjs/swagger';
import { PLANS, ROLES, STATUSES, type UserPlan, type UserRole, type UserStatus } from '../user.model';

/** Who a user is, as every view of one (session, account page, admin console) starts. */
export class UserIdentity {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty()
  name: string;
  @ApiProperty({ format: 'email' })
  email: string;
  @ApiProperty({ enum: ROLES, enumName: 'UserRole' })
  role: UserRole;
  @ApiProperty({ enum: STATUSES, enumName: 'UserStatus' })
  status: UserStatus;
  @ApiProperty({ enum: PLANS, enumName: 'UserPlan' })
  plan: UserPlan;
  @ApiProperty({ example: '2026-01-31' })
  joinDate: string;
}

/** A user as the admin console shows it. */
export class AdminUserView extends UserIdentity {
  @ApiProperty({ description: 'The last sign-in as an ISO date-time, or "Never"', example: 'Never' })
  lastLogin: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastLoginAt: string | null;
  @ApiProperty({ description: 'Lifetime access (an active entitlement)' })
  hasAccess: boolean;
  @ApiProperty()
  coursesCompleted: number;
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
  @ApiProperty({ format: 'date-time' })
  updatedAt: string;
}

/** The users page's stat cards. */
export class UserSummary {
  @ApiProperty()
  total: number;
  @ApiProperty()
  active: number;
  @ApiProperty()
  admins: number;
  @ApiProperty({ description: 'Inactive and suspended' })
  nonActive: number;
}
