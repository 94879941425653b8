import type { FamilyInput } from '@portal/contracts';
import { FamilyOptionalFieldsDto } from './family-optional-fields.dto';
import { FamilyRules } from '../../families/family.rules';

/** POST /api/families: the four contact fields are required; the rest default to 0 / false. */
export class CreateFamilyDto extends FamilyOptionalFieldsDto implements Partial<FamilyInput> {
  @FamilyRules.graduateName()
  graduateName!: string;

  @FamilyRules.contactName()
  contactName!: string;

  @FamilyRules.email()
  email!: string;

  @FamilyRules.phone()
  phone!: string;
}
