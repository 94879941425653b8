export const BOOKS_MESSAGES = {
  expenseNotFound: 'No encontramos ese gasto.',
  questionNotFound: 'No encontramos esa pregunta.',
  invoiceNotFound: 'Este gasto no tiene factura adjunta.',
  noThumbnail: 'Esta factura no tiene miniatura.',
  notMultipart: 'Envía el gasto como formulario, con la factura adjunta.',
  invoiceMissing: 'Adjunta la factura del gasto (una foto o un PDF).',
  ownApproval: 'No puedes aprobar un gasto que tú registraste: debe aprobarlo otra persona del comité.',
  alreadyApproved: (by: string) => `${by} ya aprobó este gasto.`,
  notPending: 'Este gasto no necesita aprobación: ya cuenta en el saldo.',
  reversedCannotApprove: 'Este gasto fue revertido: ya no se puede aprobar.',
  reversalNotReversible: 'Una reversión no se revierte: registra el gasto de nuevo.',
  alreadyReversed: (by: string) => `${by} ya revirtió este gasto.`,
  changedMeanwhile: 'Otra persona del comité cambió este gasto mientras tanto. Vuelve a cargar la página.',
  alreadyAnswered: (by: string) => `${by} ya respondió esta pregunta.`,
  tooManyQuestions: (count: number) =>
    `Tu familia tiene ${count} preguntas sin responder. Espera la respuesta del comité antes de enviar otra.`,
  overBudgetLines: 'El presupuesto admite como máximo 40 categorías.',
  controlNotFound: 'No encontramos ese cambio de control.',
  ownControlChange: 'No puedes aprobar un cambio que tú propusiste: debe aprobarlo otra persona del comité.',
  controlDecided: (state: string) => `Este cambio ya no está pendiente: fue ${state}.`,
  commitmentNotFound: 'No encontramos ese compromiso (o ya fue anulado).',
  commitmentOverpaid: (left: string) => `El pago pasa lo que queda del compromiso: quedan ${left} por pagar.`,
  commitmentPaidBy: 'Un compromiso se paga con un gasto, un anticipo o una comisión.',
  controlChangedMeanwhile: 'Otra persona del comité decidió este cambio mientras tanto. Vuelve a cargar la página.',
  accountNotFound: 'No encontramos esa cuenta de la promoción.',
  unknownAccount: 'La cuenta debe ser una de las cuentas de la promoción (Cuentas del Comité).',
  mainAccountFixed:
    'La cuenta que ven las familias se cambia en Configuración, y el cambio espera la aprobación de otro miembro del comité.',
  accountNameTaken: (name: string) => `Ya hay una cuenta llamada «${name}»: elige otro nombre.`,
  accountNumberTaken: (name: string) => `Esa cuenta ya está registrada como «${name}».`,
  cashBoxData: 'La caja solo tiene nombre: no tiene banco, número ni titular.',
  holdingAccountKind: 'El saldo del banco es de una cuenta de banco, y el efectivo contado es de la caja.',
  sameAccounts: 'Un traspaso va de una cuenta a otra distinta: elige dos cuentas diferentes.',
  transferNotFromForm: 'Un traspaso entre cuentas se registra como traspaso, no como gasto.',
  advanceKind: 'Solo un gasto, un anticipo o una comisión puede pagarlo un miembro del comité.',
  advanceNoAccount: 'Lo pagado por un miembro no sale de ninguna cuenta de la promoción: deja la cuenta vacía.',
  advanceNotFound: 'No encontramos ese gasto pagado por un miembro (o ya fue revertido).',
  advanceOverpaid: (member: string, left: string) =>
    `El reembolso pasa lo que se le debe a ${member}: quedan ${left} por reembolsar (un gasto pendiente de aprobación aún no se debe).`,
  advanceReimbursed: 'Este gasto ya tiene reembolsos: revierte primero los reembolsos y luego el gasto.',
} as const;

/** Unanswered questions a family may have at once. */
export const OPEN_QUESTIONS_PER_FAMILY = 5;

/** The multipart fields of POST /api/books/expenses and what each must be. */
export const EXPENSE_FIELDS = {
  kind: 'El tipo debe ser gasto, anticipo o devolución.',
  date: 'La fecha del gasto debe tener el formato AAAA-MM-DD.',
  category: 'Elige la categoría del gasto (hasta 60 caracteres).',
  supplier: 'Escribe el proveedor (hasta 200 caracteres).',
  concept: 'Escribe el concepto del gasto (hasta 200 caracteres).',
  amount: 'El monto debe ser de Q0.01 a Q10,000,000, con dos decimales como máximo (3500 o 3,500.50).',
  method: 'La forma de pago debe ser transferencia, cheque, efectivo o pagado por un miembro.',
  nit: 'El NIT del proveedor no es válido: revisa el dígito verificador (por ejemplo 1669394-9).',
  felSeries: 'La serie de la factura admite hasta 40 letras, números o guiones.',
  felNumber: 'El número de la factura admite hasta 40 letras, números o guiones.',
  dueDate: 'La fecha de vencimiento del compromiso debe tener el formato AAAA-MM-DD.',
  commitmentId: 'El compromiso que se paga debe ser un número de compromiso.',
  felUuid: 'El número de autorización FEL debe ser un UUID (8-4-4-4-12 caracteres hexadecimales).',
  accountId: 'La cuenta debe ser una de las cuentas de la promoción (Cuentas del Comité).',
  paidBy: 'Escribe el nombre del miembro que pagó (hasta 120 caracteres), solo cuando lo pagó un miembro.',
} as const;
