import { ValidateBy, ValidateIf, type ValidationOptions } from 'class-validator';
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

/** An ISO 8601 date-time with its time zone (`2026-06-13T16:00:00.000Z`, `...T10:00-06:00`). */
export const IsDateTime = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isDateTime',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' &&
          /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/.test(
            value,
          ) &&
          isCalendarDay(value.slice(0, 10)),
      },
    },
    options,
  );

/**
 * May be left out, but not sent as null: unlike `@IsOptional()`, a `null` is still validated
 * (and refused by the type check) for columns that cannot hold it.
 */
export const Omittable = () => ValidateIf((_object: object, value: unknown) => value !== undefined);
