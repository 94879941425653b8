import { applyDecorators } from '@nestjs/common';
import { IsString, IsUrl, Matches, ValidateIf } from 'class-validator';
import { EVENT_FIELD_LIMITS } from '@portal/contracts';
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
      MaxChars(EVENT_FIELD_LIMITS.titulo, { message: `El título no puede tener más de ${EVENT_FIELD_LIMITS.titulo} caracteres.` }),
    ),
  /** Optional: null or left out means no deadline. */
  rsvpDeadline: () =>
    applyDecorators(
      ValidateIf((_object: object, value: unknown) => value != null),
      IsString({ message: 'La fecha límite de confirmación debe ser una fecha y hora válida.' }),
      IsDateTime({ message: 'La fecha límite de confirmación debe ser una fecha y hora válida (ISO 8601 con zona horaria).' }),
    ),
  descripcion: () => optionalText('La descripción', EVENT_FIELD_LIMITS.descripcion),
  horario: () => optionalText('El horario', EVENT_FIELD_LIMITS.horario),
  lugar: () => optionalText('El lugar', EVENT_FIELD_LIMITS.lugar),
  vestimenta: () => optionalText('La vestimenta', EVENT_FIELD_LIMITS.vestimenta),
  imagen: () =>
    optionalText(
      'La imagen',
      EVENT_FIELD_LIMITS.imagen,
      // require_tld off: a host without a dot (localhost, an intranet name) is still an address.
      IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: IMAGE_URL }),
      // IsUrl lets control characters through (a BEL or an escape inside the path).
      Matches(/^[^\s\p{Cc}]+$/u, { message: IMAGE_URL }),
    ),
};
