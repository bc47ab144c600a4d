import { CoreEvents1767000000001 } from './1767000000001-core-events';
import { Courses1767000000002 } from './1767000000002-courses';
import { Accounts1767000000003 } from './1767000000003-accounts';
import { Learning1767000000004 } from './1767000000004-learning';
import { Payments1767000000005 } from './1767000000005-payments';
import { Resources1767000000007 } from './1767000000007-resources';
import { Backups1767000000008 } from './1767000000008-backups';
import { Analytics1767000000060 } from './1767000000060-analytics';
import { Notifications1767000000090 } from './1767000000090-notifications';

/** Every migration, in order. TypeORM 1.x takes classes, not globs. */
export const migrations = [
  CoreEvents1767000000001,
  Courses1767000000002,
  Accounts1767000000003,
  Learning1767000000004,
  Payments1767000000005,
  Resources1767000000007,
  Backups1767000000008,
  Analytics1767000000060,
  Notifications1767000000090,
];
