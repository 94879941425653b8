import { Controller, Param, Post } from '@nestjs/common';
import type { AccountLink, BulkInvitationResult } from '@portal/contracts';
import { AccountLinksService } from '../auth/account-links.service';
import { Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';

/** 'Invitar' in 'Gestión de Familias': the committee hands each family the way in. */
@Roles('admin')
@Controller('families')
export class InvitationsController {
  constructor(private readonly links: AccountLinksService) {}

  @Post('invitations')
  inviteAll(): Promise<BulkInvitationResult> {
    return this.links.inviteAllWithoutAccount();
  }

  @Post(':id/invitation')
  invite(@Param('id', ParseIdPipe) id: number): Promise<AccountLink> {
    return this.links.invite(id);
  }
}
