import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG } from '../app.config';
import type { AppConfig } from '../config';
import { FamilyStore } from '../families/family.store';
import { addressProblem, familyCopy } from '../mail/notice-mail.service';
import { OutboxService } from '../mail/outbox.service';
import { questionAnsweredMail } from '../mail/templates';
import { SettingsStore } from '../settings/settings.store';

/**
 * Tells the family that asked that the committee answered, through the outbox in the answer's
 * transaction. A family that turned the notice e-mails off, or has no usable address, gets none
 * (it still sees the count on 'Cuentas').
 */
@Injectable()
export class BooksMail {
  constructor(
    private readonly outbox: OutboxService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly families: FamilyStore,
    private readonly settings: SettingsStore,
  ) {}

  async answered(manager: EntityManager, familyId: number, input: { expense: string; question: string; answer: string }): Promise<void> {
    const family = await this.families.byId(familyId, manager);
    if (!family || family.noticeEmailsOff || addressProblem(family.email)) return;
    const { classYear } = await this.settings.columns(['classYear'], manager);
    const mail = questionAnsweredMail({
      ...input,
      contactName: family.contactName,
      classYear,
      portalUrl: `${this.config.publicUrl}/parent/cuentas`,
    });
    await this.outbox.enqueue(manager, { ...mail, kind: 'cuentas', to: family.email.trim(), cc: familyCopy(family) });
  }
}
