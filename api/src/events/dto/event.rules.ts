import { applyDecorators } from '@nestjs/common';
import { IsString, IsUrl, Matches, ValidateIf } from 'class-validator';
import { IsDateTime, IsFilled, MaxChars } from '../../common/validators';

const IMAGE_URL = 'La imagen debe ser una dirección web válida que empiece con http:// o https://.';

/** Optional text: null, an empty or a blank string all mean "none" (stored as null). */
const optionalText = (label: string, max: number, ...more: PropertyDecorator[]) =>
  applyDecorators(
    ValidateIf((_object: object, value: unknown) => value != null && !(typeof value === 'string' && value.trim() === '')),
    IsString({ message: `${label} debe ser texto.` }),
    MaxChars(max, { message: `${label} no puede tener más de ${max} caracteres.` }),
    ...more,
  );

/**
 * The checks of each event field, shared by the create and update bodies. Unlike stacked
 * decorators, these run in the order listed: the type check first, one message per field.
 */
export const EventRules = {
  fecha: () =>
    applyDecorators(
      IsString({ message: 'La fecha es requerida.' }),
      IsDateTime({ message: 'La fecha debe ser una fecha y hora válida (ISO 8601 con zona horaria).' }),
    ),
  titulo: () =>
    applyDecorators(
      IsString({ message: 'El título es requerido.' }),
      IsFilled({ message: 'El título es requerido.' }),
      MaxChars(200, { message: 'El título no puede tener más de 200 caracteres.' }),
    ),
  /** Optional: null or left out means no deadline. */
  rsvpDeadline: () =>
    applyDecorators(
      ValidateIf((_object: object, value: unknown) => value != null),
      IsString({ message: 'La fecha límite de confirmación debe ser una fecha y hora válida.' }),
      IsDateTime({ message: 'La fecha límite de confirmación debe ser una fecha y hora válida (ISO 8601 con zona horaria).' }),
    ),
  descripcion: () => optionalText('La descripción', 2000),
  horario: () => optionalText('El horario', 100),
  lugar: () => optionalText('El lugar', 200),
  vestimenta: () => optionalText('La vestimenta', 200),
  imagen: () =>
    optionalText(
      'La imagen',
      500,
      // require_tld off: a host without a dot (localhost, an intranet name) is still an address.
      IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: IMAGE_URL }),
      // IsUrl lets control characters through (a BEL or an escape inside the path).
      Matches(/^[^\s\p{Cc}]+$/u, { message: IMAGE_URL }),
    ),
};
