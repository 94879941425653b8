import type { FamilyInput, RsvpAnswer } from '@portal/contracts';
import { Omittable } from '../../common/validators';
import { FamilyRules } from './family.rules';

/** POST /api/families: the four contact fields are required; the rest default to 0 / false. */
export class CreateFamilyDto implements Partial<FamilyInput> {
  @FamilyRules.graduateName()
  graduateName!: string;

  @FamilyRules.contactName()
  contactName!: string;

  @FamilyRules.email()
  email!: string;

  @FamilyRules.phone()
  phone!: string;

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
