import type { AdminUserView } from './dto/user-views.dto';
import type { UserRow } from './user.model';

export type { AdminUserView };

export function toAdminView(u: UserRow, coursesCompleted: number): AdminUserView {
  const lastLoginAt = u.last_login_at ? new Date(u.last_login_at).toISOString() : null;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    status: u.status,
    plan: u.plan,
    joinDate: u.join_date,
    lastLogin: lastLoginAt ?? 'Never',
    lastLoginAt,
    hasAccess: Boolean(u.has_access),
    coursesCompleted,
    createdAt: new Date(u.created_at).toISOString(),
    updatedAt: new Date(u.updated_at).toISOString(),
  };
}
