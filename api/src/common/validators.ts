import { ValidateBy, type ValidationOptions } from 'class-validator';
import { isCalendarDay } from '@portal/format';

/** A real calendar day written `yyyy-MM-dd`. */
export const IsCalendarDay = (options?: ValidationOptions) =>
  ValidateBy(
    { name: 'isCalendarDay', validator: { validate: (value: unknown) => typeof value === 'string' && isCalendarDay(value) } },
    options,
  );

/** A 24-hour clock time `HH:mm`. */
export const IsClockTime = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isClockTime',
      validator: { validate: (value: unknown) => typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(value) },
    },
    options,
  );

/** A string that is not only white space. */
export const IsFilled = (options?: ValidationOptions) =>
  ValidateBy(
    { name: 'isFilled', validator: { validate: (value: unknown) => typeof value === 'string' && value.trim().length > 0 } },
    options,
  );
