import { ValidateBy, ValidateIf, type ValidationOptions } from 'class-validator';
import { hasCentavosAtMost, isCalendarDay } from '@portal/format';

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

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/**
 * An ISO 8601 date-time with its time zone (`2026-06-13T16:00:00.000Z`, `...T10:00-06:00`) whose
 * UTC instant falls in years 1000 to 9999, the range of a MySQL/MariaDB DATETIME.
 */
export const IsDateTime = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isDateTime',
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'string' || !DATE_TIME.test(value) || !isCalendarDay(value.slice(0, 10))) return false;
          const year = new Date(value).getUTCFullYear();
          return year >= 1000 && year <= 9999;
        },
      },
    },
    options,
  );

/**
 * At most `max` characters as the database counts them (code points): class-validator's
 * `MaxLength` counts '❤️' (two code points) as one, so a long string of them would overflow a
 * VARCHAR on MySQL/MariaDB.
 */
export const MaxChars = (max: number, options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'maxChars',
      constraints: [max],
      validator: { validate: (value: unknown) => typeof value === 'string' && [...value].length <= max },
    },
    options,
  );

/**
 * May be left out, but not sent as null: unlike `@IsOptional()`, a `null` is still validated
 * (and refused by the type check) for columns that cannot hold it.
 */
export const Omittable = () => ValidateIf((_object: object, value: unknown) => value !== undefined);

/** May be left out or sent as null (which clears the value); anything else is validated. */
export const OmittableOrNull = () => ValidateIf((_object: object, value: unknown) => value != null);

/** The refusal of an amount with a third decimal (money is kept in centavos, never rounded). */
export const TWO_DECIMALS = 'El monto admite como máximo dos decimales.';

/** Quetzales with at most two decimals (100.5, 2950.75): kept exactly as centavos (libs/format toCentavos). */
export const HasCentavos = (options: ValidationOptions = { message: TWO_DECIMALS }) =>
  ValidateBy({ name: 'hasCentavos', validator: { validate: (value: unknown) => hasCentavosAtMost(value) } }, options);
