import { Body, Controller, Get, NotFoundException, Put } from '@nestjs/common';
import { IsBoolean } from 'class-validator';
import type { NoticeEmails, User } from '@portal/contracts';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { Database } from '../database/database.service';
import { FamilyStore } from '../families/family.store';
import { recordChange } from '../history/record';
import { noticeEmailsChange } from '../mail/notice-emails-change';
import { SessionFamily } from '../families/session-family';
import { PARENT_MESSAGES } from '../families/parent.messages';

export class NoticeEmailsDto implements NoticeEmails {
  @IsBoolean({ message: 'Recibir los avisos por correo debe ser verdadero o falso.' })
  enabled!: boolean;
}

/**
 * Whether the parent's family receives the committee's notices by e-mail ('Mi cuenta'): the
 * unsubscribe link turns them off, this turns them back on. Always the session's own family.
 */
@Roles('parent')
@Controller('my-notice-emails')
export class MyNoticeEmailsController {
  constructor(
    private readonly db: Database,
    private readonly myFamily: SessionFamily,
    private readonly families: FamilyStore,
  ) {}

  @Get()
  async get(@CurrentUser() user: User): Promise<NoticeEmails> {
    const { id } = await this.myFamily.familyOf(user);
    const family = await this.families.byId(id);
    if (!family) throw new NotFoundException(PARENT_MESSAGES.familyNotFound);
    return { enabled: !family.noticeEmailsOff };
  }

  @Put()
  put(@CurrentUser() user: User, @Body() body: NoticeEmailsDto): Promise<NoticeEmails> {
    return this.db.write(async (manager) => {
      const { id } = await this.myFamily.familyOf(user, manager, 'pessimistic_write');
      if (await this.families.setNoticeEmailsOff(manager, id, !body.enabled))
        await recordChange(manager, user, await noticeEmailsChange(manager, id, body.enabled));
      return { enabled: body.enabled };
    });
  }
}
