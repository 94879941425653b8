import type { EntityManager } from 'typeorm';
import { familyName } from '../families/family.store';
import type { Change } from '../history/record';

/** A family's notice e-mails turned on or off (its parent in 'Mi cuenta', or the unsubscribe link), for the history. */
export async function noticeEmailsChange(manager: EntityManager, familyId: number, enabled: boolean): Promise<Change> {
  const family = await familyName(manager, familyId);
  return {
    action: `family.notice-emails-${enabled ? 'on' : 'off'}`,
    entity: 'family',
    entityId: familyId,
    familyId,
    label: family?.graduateName ?? null,
    before: { noticeEmails: !enabled },
    after: { noticeEmails: enabled },
  };
}
