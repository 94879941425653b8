import type { FamilyInput } from '@portal/contracts';
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
}
