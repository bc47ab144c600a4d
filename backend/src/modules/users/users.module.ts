import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module';
import { AccessService } from './access.service';
import { AdminUsersController } from './admin-users.controller';
import { PasswordResetService } from './password-reset.service';
import { UsersService } from './users.service';

@Module({
  imports: [CoursesModule],
  controllers: [AdminUsersController],
  providers: [UsersService, AccessService, PasswordResetService],
  exports: [UsersService, AccessService, PasswordResetService],
})
export class UsersModule {}
