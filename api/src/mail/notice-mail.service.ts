import { Inject, Injectable } from '@nestjs/common';
import type { NoticeEmailResult, SkippedFamily } from '@portal/contracts';
import { formatDateTime } from '@portal/format';
import { isEmail } from 'class-validator';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG } from '../app.config';
import type { AppConfig } from '../config';
import { FamilyStore } from '../families/family.store';
import { SettingsStore } from '../settings/settings.store';
import { OutboxService, type OutgoingMail } from './outbox.service';
import { noticeMail } from './templates';
import { UNSUBSCRIBE_PATH, unsubscribeHeaders, unsubscribeToken } from './unsubscribe';

export const SKIP_REASONS = { missing: 'Sin correo', invalid: 'Correo no válido' } as const;

/** Why a family's address cannot take an e-mail, or null when it can. */
export function addressProblem(email: string | null | undefined): string | null {
  const trimmed = email?.trim() ?? '';
  if (trimmed === '') return SKIP_REASONS.missing;
  return isEmail(trimmed) ? null : SKIP_REASONS.invalid;
}

/**
 * Who gets a family's e-mails in copy: its second contact, when it is a valid address other than
 * the family's (families.secondEmail); otherwise nobody.
 */
export function familyCopy(family: { email: string; secondEmail?: string | null }): string | null {
  const copy = family.secondEmail?.trim() ?? '';
  return copy !== '' && copy !== family.email.trim() && addressProblem(copy) === null ? copy : null;
}

/** What a notice's e-mail says (the notice's row: notices/). */
export interface NoticeToMail {
  id: number;
  title: string;
  message: string;
  date: Date;
}

/** 'Enviar también por correo': a notice to every family, queued in the notice's own transaction. */
@Injectable()
export class NoticeMailService {
  constructor(
    private readonly outbox: OutboxService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly families: FamilyStore,
    private readonly settings: SettingsStore,
  ) {}

  async enqueue(manager: EntityManager, notice: NoticeToMail): Promise<NoticeEmailResult> {
    const settings = await this.settings.columns(['classYear', 'mailSecret'], manager);
    const families = await this.families.list(
      { columns: ['graduateName', 'contactName', 'email', 'secondEmail', 'noticeEmailsOff'], by: 'name' },
      manager,
    );
    const skipped: SkippedFamily[] = [];
    const messages: OutgoingMail[] = [];
    let unsubscribed = 0;
    const date = formatDateTime(notice.date);
    for (const family of families) {
      if (family.noticeEmailsOff) {
        unsubscribed += 1;
        continue;
      }
      const problem = addressProblem(family.email);
      if (problem) {
        skipped.push({ familyId: family.id, graduateName: family.graduateName, email: family.email, reason: problem });
        continue;
      }
      const unsubscribeUrl = `${this.config.publicUrl}${UNSUBSCRIBE_PATH}${unsubscribeToken(settings.mailSecret!, family.id)}`;
      const mail = noticeMail({
        contactName: family.contactName,
        classYear: settings.classYear,
        title: notice.title,
        message: notice.message,
        date,
        portalUrl: `${this.config.publicUrl}/parent`,
        unsubscribeUrl,
      });
      messages.push({
        ...mail,
        kind: 'aviso',
        to: family.email.trim(),
        cc: familyCopy(family),
        headers: unsubscribeHeaders(unsubscribeUrl),
        noticeId: notice.id,
      });
    }
    await this.outbox.enqueueMany(manager, messages);
    return { queued: messages.length, unsubscribed, skipped };
  }
}
