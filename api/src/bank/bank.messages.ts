/** What 'Banco' answers in Spanish when a statement or a decision is refused. */
export const BANK_MESSAGES = {
  noFile: 'Sube el archivo del estado de cuenta.',
  notMultipart: 'Envía el estado de cuenta como formulario con el archivo adjunto.',
  badMapping: 'La asignación de columnas no es válida.',
  familyOrIncome: 'Una línea va a una familia o es otro ingreso, no a las dos.',
  familyNotFound: 'No encontramos esa familia.',
  oneEnd: 'Una línea es una sola cosa: el pago de una familia, otro ingreso, un movimiento ya registrado o una comisión del banco.',
  withdrawalNotIncome:
    'Un retiro no es el pago de una familia ni otro ingreso: enlázalo al gasto, traspaso o reembolso registrado, regístralo como comisión del banco o descártalo.',
  feeIsWithdrawal: 'Solo un retiro puede ser una comisión del banco.',
  notThatMovement:
    'Ese movimiento ya no está en las cuentas de esta cuenta con el mismo monto (se revirtió o cambió): vuelve a leer el estado de cuenta.',
  movementTaken: (label: string) => `${label} ya está enlazado a otra línea del banco: vuelve a leer el estado de cuenta.`,
  notReopenable:
    'Solo se reabren las líneas descartadas o enlazadas a un movimiento registrado a mano. Para las demás, revierte su crédito o su registro en las cuentas.',
  lineNotFound: 'No encontramos esa línea del banco.',
  badAccount: 'Elige la cuenta de banco de la promoción de la que es el estado de cuenta.',
  alreadyDecided: (count: number) =>
    count === 1
      ? 'Esa línea ya se aplicó o descartó en otra importación. Para corregirla, revierte su crédito en el estado de cuenta de la familia.'
      : `${count} líneas ya se aplicaron o descartaron en otra importación. Para corregir una, revierte su crédito en el estado de cuenta de la familia.`,
  /** `note`: where the (first) line went, as the preview says it. */
  alreadyImported: (note: string, count: number) =>
    `${note}${count > 1 ? ` (y ${count - 1} ${count === 2 ? 'línea más' : 'líneas más'} ya decididas)` : ''}. ` +
    'Para corregirla, revierte su crédito en el estado de cuenta de la familia.',
  notRead: (count: number) =>
    count === 1
      ? 'Esa línea no está en ningún estado de cuenta leído: vuelve a subir el archivo del banco y confirma desde la vista previa.'
      : `${count} líneas no están en ningún estado de cuenta leído: vuelve a subir el archivo del banco y confirma desde la vista previa.`,
} as const;
