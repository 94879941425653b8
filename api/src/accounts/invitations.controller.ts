import { Controller, Param, Post } from '@nestjs/common';
import type { AccountLink, BulkInvitationResult, User } from '@portal/contracts';
import { AccountLinksService } from '../auth/account-links.service';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';

/** 'Invitar' in 'Gestión de Familias': the committee hands each family the way in. */
@Roles('admin')
@Controller('families')
export class InvitationsController {
  constructor(private readonly links: AccountLinksService) {}

  @Post('invitations')
  inviteAll(@CurrentUser() user: User): Promise<BulkInvitationResult> {
    return this.links.inviteAllWithoutAccount(user);
  }

  @Post(':id/invitation')
  invite(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: User): Promise<AccountLink> {
    return this.links.invite(id, user);
  }
}
