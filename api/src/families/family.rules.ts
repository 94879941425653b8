import { applyDecorators } from '@nestjs/common';
import { IsBoolean, IsEmail, IsIn, IsInt, IsString, Matches, Max, Min, ValidateIf } from 'class-validator';
import { RSVP_ANSWERS, TOTAL_TABLES, maxGuests } from '@portal/contracts';
import { IsFilled, MaxChars } from '../common/validators';

export const MAX_PAYMENT_AMOUNT = 1_000_000;
/** The most any family could bring (all tables); each family's own limit is checked by the service. */
export const MAX_GUESTS = maxGuests(TOTAL_TABLES);

const text = (label: string, max: number) =>
  applyDecorators(
    IsString({ message: `${label} es requerido.` }),
    IsFilled({ message: `${label} es requerido.` }),
    MaxChars(max, { message: `${label} no puede tener más de ${max} caracteres.` }),
  );

const flag = (label: string) => IsBoolean({ message: `${label} debe ser verdadero o falso.` });

/**
 * The checks of each family field, shared by the create and update bodies. Unlike stacked
 * decorators, these run in the order listed: the type check first, one message per field.
 */
export const FamilyRules = {
  graduateName: () => text('El nombre del graduado', 120),
  contactName: () => text('El nombre del contacto', 120),
  email: () =>
    applyDecorators(
      IsString({ message: 'El email es requerido.' }),
      IsFilled({ message: 'El email es requerido.' }),
      MaxChars(254, { message: 'El email no puede tener más de 254 caracteres.' }),
      IsEmail({}, { message: 'El email no es válido.' }),
    ),
  /** Optional: empty or null is no second contact. */
  secondEmail: () =>
    applyDecorators(
      IsString({ message: 'El segundo correo debe ser texto.' }),
      MaxChars(254, { message: 'El segundo correo no puede tener más de 254 caracteres.' }),
      ValidateIf((_object: object, value: unknown) => typeof value === 'string' && value.trim() !== ''),
      IsEmail({}, { message: 'El segundo correo no es válido.' }),
    ),
  phone: () =>
    applyDecorators(
      IsString({ message: 'El teléfono es requerido.' }),
      IsFilled({ message: 'El teléfono es requerido.' }),
      MaxChars(40, { message: 'El teléfono no puede tener más de 40 caracteres.' }),
      Matches(/^[0-9 ()+-]*[0-9][0-9 ()+-]*$/, { message: 'El teléfono solo puede tener números, espacios y los signos + - ( ).' }),
    ),
  tablesBooked: () =>
    applyDecorators(
      IsInt({ message: 'Las mesas reservadas deben ser un número entero.' }),
      Min(0, { message: `Las mesas reservadas deben estar entre 0 y ${TOTAL_TABLES}.` }),
      Max(TOTAL_TABLES, { message: `Las mesas reservadas deben estar entre 0 y ${TOTAL_TABLES}.` }),
    ),
  graduates: () =>
    applyDecorators(
      IsInt({ message: 'Los graduados de la familia deben ser 1 o 2 (gemelos).' }),
      IsIn([1, 2], { message: 'Los graduados de la familia deben ser 1 o 2 (gemelos).' }),
    ),
  paymentAmount: () =>
    applyDecorators(
      IsInt({ message: 'El monto pagado debe ser un número entero de quetzales.' }),
      Min(0, { message: 'El monto pagado debe estar entre Q0 y Q1,000,000.' }),
      Max(MAX_PAYMENT_AMOUNT, { message: 'El monto pagado debe estar entre Q0 y Q1,000,000.' }),
    ),
  hasPaid: () => flag('El estado de pago'),
  awardsRsvp: () => flag('La confirmación de la premiación'),
  brunchRsvp: () => flag('La confirmación del brunch'),
  /** null is allowed and clears the answer; Omittable on the field lets it be left out. */
  answer: (event: string) =>
    applyDecorators(
      ValidateIf((_object: object, value: unknown) => value !== null),
      IsIn(RSVP_ANSWERS, { message: `La respuesta ${event} debe ser 'attending', 'not_attending' o null.` }),
    ),
  guests: (event: string) =>
    applyDecorators(
      IsInt({ message: `El número de personas ${event} debe ser un número entero.` }),
      Min(1, { message: `El número de personas ${event} debe ser al menos 1.` }),
      Max(MAX_GUESTS, { message: `El número de personas ${event} no puede pasar de ${MAX_GUESTS}.` }),
    ),
};
