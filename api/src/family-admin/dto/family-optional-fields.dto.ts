import type { FamilyInput, RsvpAnswer } from '@portal/contracts';
import { Omittable, OmittableOrNull } from '../../common/validators';
import { FamilyRules } from '../../families/family.rules';

/** The fields a family's create and update both take as optional: tables, payment, attendance. */
export class FamilyOptionalFieldsDto implements Partial<FamilyInput> {
  @OmittableOrNull()
  @FamilyRules.secondEmail()
  secondEmail?: string | null;

  @Omittable()
  @FamilyRules.tablesBooked()
  tablesBooked?: number;

  @Omittable()
  @FamilyRules.hasPaid()
  hasPaid?: boolean;

  @Omittable()
  @FamilyRules.paymentAmount()
  paymentAmount?: number;

  @Omittable()
  @FamilyRules.graduates()
  graduates?: number;

  @Omittable()
  @FamilyRules.awardsRsvp()
  awardsRsvp?: boolean;

  @Omittable()
  @FamilyRules.brunchRsvp()
  brunchRsvp?: boolean;

  @Omittable()
  @FamilyRules.answer('de la premiación')
  awardsAnswer?: RsvpAnswer | null;

  @Omittable()
  @FamilyRules.answer('del brunch')
  brunchAnswer?: RsvpAnswer | null;

  @Omittable()
  @FamilyRules.guests('de la premiación')
  awardsGuests?: number;

  @Omittable()
  @FamilyRules.guests('del brunch')
  brunchGuests?: number;
}
