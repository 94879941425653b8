import type { FamilyInput } from '@portal/contracts';
import { FamilyOptionalFieldsDto } from './family-optional-fields.dto';
import { Omittable } from '../../common/validators';
import { FamilyRules } from '../../families/family.rules';

/** PUT /api/families/:id: any subset of the fields; what is left out stays as it was. */
export class UpdateFamilyDto extends FamilyOptionalFieldsDto implements Partial<FamilyInput> {
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
}
