import { IsBoolean, IsInt, Max, Min, ValidateIf } from 'class-validator';
import { MAX_GUESTS } from '../../families/family.rules';
import { Omittable } from '../../common/validators';
import type { FamilyRsvpInput } from '@portal/contracts';

const GUESTS = 'El número de personas debe ser un número entero mayor que 0.';

/** One answer or both; a field that is sent must be a boolean (null too is refused). */
export class UpdateFamilyRsvpDto implements FamilyRsvpInput {
  // Checked when sent, and also when neither answer is sent, so an empty body is refused here.
  @ValidateIf((body: UpdateFamilyRsvpDto) => body.awardsRsvp !== undefined || body.brunchRsvp === undefined)
  @IsBoolean({
    message: ({ value }) =>
      value === undefined
        ? 'Indica si asistirán a la ceremonia de premiación o al brunch.'
        : 'La confirmación de la ceremonia de premiación debe ser verdadero o falso.',
  })
  awardsRsvp?: boolean;

  @ValidateIf((body: UpdateFamilyRsvpDto) => body.brunchRsvp !== undefined)
  @IsBoolean({ message: 'La confirmación del brunch debe ser verdadero o falso.' })
  brunchRsvp?: boolean;

  // The family's own limit (its tables x 8) is checked when the answer is written.
  @Omittable()
  @Max(MAX_GUESTS, { message: GUESTS })
  @Min(1, { message: GUESTS })
  @IsInt({ message: GUESTS })
  awardsGuests?: number;

  @Omittable()
  @Max(MAX_GUESTS, { message: GUESTS })
  @Min(1, { message: GUESTS })
  @IsInt({ message: GUESTS })
  brunchGuests?: number;
}
