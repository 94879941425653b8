import type { FamilyInput, RsvpAnswer } from '@portal/contracts';
import { Omittable } from '../../common/validators';
import { FamilyRules } from './family.rules';

/** PUT /api/families/:id: any subset of the fields; what is left out stays as it was. */
export class UpdateFamilyDto implements Partial<FamilyInput> {
  @Omittable()
  @FamilyRules.graduateName()
  graduateName?: string;

  @Omittable()
  @FamilyRules.contactName()
  contactName?: string;

  @Omittable()
  @FamilyRules.email()
  email?: string;

  @Omittable()
  @FamilyRules.phone()
  phone?: string;

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
