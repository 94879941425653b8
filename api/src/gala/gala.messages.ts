/** What the gala's endpoints answer, in Spanish: to parents in 'tú', like the rest of their portal. */
export const GALA_TEXTS = {
  familyNotFound: 'No encontramos esa familia.',
  tableNotFound: (number: number) => `No existe la mesa ${number}.`,
  tableNumber: `El número de mesa debe ser un número entero del 1 al 200.`,
  tableTaken: (number: number) => `La mesa ${number} ya está asignada a otra familia.`,
  tooManyTables: (graduate: string, booked: number) =>
    `La familia de ${graduate} reservó ${booked === 1 ? '1 mesa' : `${booked} mesas`} y ya las tiene asignadas.`,
  positionTaken: (number: number) => `Ese lugar del plano ya lo ocupa la mesa ${number}.`,
  guestTooLong: (index: number, max: number) => `El nombre del invitado ${index} no puede tener más de ${max} caracteres.`,
  tooManyGuests: (count: number, max: number) =>
    `La lista tiene ${count} invitados y tus mesas tienen ${max} lugares: quita ${count - max === 1 ? 'un nombre' : `${count - max} nombres`}.`,
  nearSelf: 'Escribe el nombre de otra familia: no puedes pedir sentarte cerca de la tuya.',
  nearNotFound: 'No encontramos una familia con ese nombre de graduado. Revisa cómo está escrito.',
  invalidPass: 'Pase no válido',
  checkInWho: 'Escanee el pase o busque la familia.',
  noSecret: 'Los pases de la fiesta no están disponibles todavía.',
  notArrived: (graduate: string) => `La familia de ${graduate} no tiene un ingreso registrado.`,
  undoReason: 'Escriba el motivo para anular el ingreso.',
  undoReasonLong: 'El motivo no puede tener más de 200 caracteres.',
  arrived: (count: number) => `Ingresó: ${count === 1 ? '1 persona' : `${count} personas`}.`,
  alreadyArrived: (clock: string, count: number) => `Ya ingresó a las ${clock} (${count === 1 ? '1 persona' : `${count} personas`}).`,
  added: (added: number, count: number, seats: number) => `Ingresaron ${added} más: ${count} de ${seats}.`,
  addBeforeArrival: (graduate: string) => `La familia de ${graduate} no tiene un ingreso registrado: regístrelo primero.`,
  addOverSeats: (graduate: string, seats: number, arrived: number) =>
    `La familia de ${graduate} tiene ${seats} lugares y ya ingresaron ${arrived}.`,
  missingTables: (graduate: string, booked: number, assigned: number) =>
    `La familia de ${graduate} reservó ${booked} ${booked === 1 ? 'mesa' : 'mesas'} y tiene ${assigned} ${assigned === 1 ? 'asignada' : 'asignadas'}.`,
  overCapacity: (graduate: string, guests: number, seats: number, tables: number[]) =>
    `La familia de ${graduate} tiene ${guests} invitados y sus mesas (${tables.join(', ')}) tienen ${seats} lugares.`,
} as const;
