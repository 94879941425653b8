import { applyDecorators } from '@nestjs/common';
import { IsBoolean, IsEmail, IsInt, IsString, Matches, Max, Min } from 'class-validator';
import { TOTAL_TABLES } from '@portal/contracts';
import { IsFilled, MaxChars } from '../../common/validators';

export const MAX_PAYMENT_AMOUNT = 1_000_000;

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
  paymentAmount: () =>
    applyDecorators(
      IsInt({ message: 'El monto pagado debe ser un número entero de quetzales.' }),
      Min(0, { message: 'El monto pagado debe estar entre Q0 y Q1,000,000.' }),
      Max(MAX_PAYMENT_AMOUNT, { message: 'El monto pagado debe estar entre Q0 y Q1,000,000.' }),
    ),
  hasPaid: () => flag('El estado de pago'),
  awardsRsvp: () => flag('La confirmación de la premiación'),
  brunchRsvp: () => flag('La confirmación del brunch'),
};
