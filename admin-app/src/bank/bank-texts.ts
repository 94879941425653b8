// The texts of 'Importar estado de cuenta del banco' (loaded with the section only).
export const bankTexts = {
  title: 'Importar estado de cuenta del banco',
  intro:
    'Sube el estado de cuenta que descargaste del banco (CSV o Excel). Cada depósito se compara con las referencias de pago de las familias; nada se registra hasta que lo confirmes.',
  file: 'Archivo del banco',
  fileHint: 'CSV o .xlsx, hasta 10 MB.',
  reading: 'Leyendo el estado de cuenta...',
  readFailed: 'No se pudo leer el estado de cuenta',
  confirmFailed: 'No se pudieron aplicar las líneas',
  confirmed: (applied: number, discarded: number, linked: number, income = 0, matched = 0, fees = 0) =>
    [
      applied > 0 && (applied === 1 ? '1 línea aplicada' : `${applied} líneas aplicadas`),
      income > 0 && (income === 1 ? '1 registrada como otro ingreso' : `${income} registradas como otro ingreso`),
      linked > 0 &&
        (linked === 1
          ? '1 enlazada al comprobante ya verificado (no se contó dos veces)'
          : `${linked} enlazadas a comprobantes ya verificados (no se contaron dos veces)`),
      discarded > 0 && (discarded === 1 ? '1 línea descartada' : `${discarded} líneas descartadas`),
      matched > 0 && (matched === 1 ? '1 enlazada a lo registrado a mano' : `${matched} enlazadas a lo registrado a mano`),
      fees > 0 && (fees === 1 ? '1 comisión del banco' : `${fees} comisiones del banco`),
    ]
      .filter(Boolean)
      .join(', '),
  count: (all: number, open: number) =>
    `${all === 1 ? '1 depósito' : `${all} depósitos`} en el archivo; ${open === 1 ? '1 por decidir' : `${open} por decidir`}.`,
  confirmExact: (count: number) => (count === 1 ? 'Confirmar 1 coincidencia exacta' : `Confirmar ${count} coincidencias exactas`),
  noLines: 'El archivo no tiene depósitos.',
  /** The file's withdrawals ('Retiros y cargos'): each matched to what was recorded by hand, a fee, or discarded with a reason. */
  out: {
    title: 'Retiros y cargos',
    column: 'En las cuentas',
    intro:
      'Cada retiro del archivo termina en algún lugar: el gasto, traspaso o reembolso que ya registraste en las cuentas, una comisión del banco, o descartado con su motivo.',
    count: (all: number, open: number) =>
      `${all === 1 ? '1 retiro' : `${all} retiros`} en el archivo; ${open === 1 ? '1 por decidir' : `${open} por decidir`}.`,
    recorded: (label: string) => `Registrado a mano: ${label}`,
    notRecorded:
      'Nada registrado a mano con este monto en esos días. Si es un gasto, regístralo con su factura en «Cuentas» y vuelve a leer el archivo.',
    match: 'Enlazar',
    matchLabel: (line: number, label: string) => `Enlazar el retiro de la fila ${line} a ${label}`,
    matchDepositLabel: (line: number, label: string) => `Enlazar el depósito de la fila ${line} a ${label}`,
    fee: 'Comisión del banco',
    feeLabel: (line: number) => `Registrar el retiro de la fila ${line} como comisión del banco`,
    discard: 'Descartar',
    discardLabel: (line: number) => `Descartar el retiro de la fila ${line}`,
    discardTitle: 'Descartar el retiro',
    discardText: (amount: string) =>
      `El retiro de ${amount} no se registra en las cuentas. Escribe por qué (queda en «Historial» y en la línea).`,
    matched: (label: string) => `Enlazada a ${label}`,
    feeRecorded: 'Registrada como comisión del banco. Para deshacerla, revierte la comisión en «Cuentas».',
    discarded: (reason: string | null) => (reason ? `Descartada: ${reason}` : 'Descartada'),
    reopen: 'Reabrir',
    reopenLabel: (line: number) => `Reabrir el retiro de la fila ${line}`,
    reopenDepositLabel: (line: number) => `Reabrir el depósito de la fila ${line}`,
    reopened: 'Línea reabierta',
  },
  columns: { date: 'Fecha', description: 'Descripción', amount: 'Monto', family: 'Familia' },
  document: (document: string) => `Documento ${document}`,
  status: { aplicada: 'Ya aplicada', descartada: 'Descartada', nueva: 'Nueva' },
  exact: 'Exacta',
  amountOnly: 'Solo por el monto',
  nearReference: 'Referencia casi igual',
  covered: (covered: { receiptId: number | null; graduateName: string }) =>
    covered.receiptId === null
      ? `Ya cubierto por un pago registrado de la familia ${covered.graduateName}: al aplicarlo se enlaza, no se cuenta dos veces.`
      : `Ya cubierto por el comprobante verificado #${covered.receiptId} (familia ${covered.graduateName})`,
  /** A line already decided in an earlier import: where it went, from which file, and its undo. */
  decided: {
    applied: (graduate: string, day: string, file: string) =>
      `Aplicada a la familia de ${graduate} el ${day}${file ? `, desde ${file}` : ''}`,
    discarded: (day: string, file: string) => `Se descartó el ${day}${file ? `, desde ${file}` : ''}`,
    income: (category: string, day: string, file: string) =>
      `Registrada como otro ingreso (${category}) el ${day}${file ? `, desde ${file}` : ''}`,
    undoIncomeLabel: (line: number) => `Deshacer la fila ${line}: quitar el ingreso de las cuentas`,
    undoIncomeTitle: 'Deshacer el ingreso',
    undoIncomeMessageHint:
      "Las familias lo leen en 'Cuentas del comité', junto al ingreso revertido. Sin mensaje leen «El comité corrigió este registro.».",
    undoIncomeText: (amount: string, category: string) =>
      `Se revierte el ingreso de ${amount} (${category}) en las cuentas del comité. La línea queda pendiente y puedes decidirla de nuevo.`,
    undo: 'Deshacer',
    undoLabel: (line: number, graduate: string) => `Deshacer la fila ${line}: quitar el depósito a la familia de ${graduate}`,
    undoTitle: 'Deshacer la aplicación',
    undoText: (amount: string, graduate: string) =>
      `Se revierte el crédito de ${amount} que esta línea dio a la familia de ${graduate}. La línea queda pendiente y puedes aplicarla a la familia correcta. Si el aviso del depósito aún no salió, no se envía.`,
    someFamily: 'otra familia',
  },
  sameDeposit: {
    question: (receiptId: number) => `¿Es el depósito del comprobante #${receiptId}?`,
    same: 'Es el mismo depósito',
    different: 'Es otro depósito',
  },
  noFamily: 'Sin familia',
  familyFor: (line: number) => `Familia del depósito de la fila ${line}`,
  apply: (line: number) => `Aplicar el depósito de la fila ${line}`,
  discard: (line: number) => `Descartar el depósito de la fila ${line}`,
  asIncome: (line: number) => `Registrar el depósito de la fila ${line} como otro ingreso`,
  actions: { apply: 'Aplicar', income: 'Otro ingreso', discard: 'Descartar' },
  income: {
    title: 'Registrar como otro ingreso',
    text: (day: string, amount: string, description: string) =>
      `El depósito del ${day} por ${amount} («${description}») entra en las cuentas del comité como otro ingreso, no como pago de una familia.`,
    category: 'Categoría',
    source: 'De quién o de qué',
    sourceHint: 'Por ejemplo «Rifa navideña», «Ferretería El Martillo» o el banco.',
    concept: 'Nota (opcional)',
    cancel: 'Cancelar',
    save: 'Registrar ingreso',
  },
  /** The file's own balance (its Saldo column) and the rows where it does not add up. */
  closingBalance: (day: string, amount: string) => `Saldo según el banco al ${day}: ${amount}`,
  /** The statement's closing balance recorded in the books, and what they answer. */
  account: 'Cuenta del estado de cuenta',
  accountHint: 'Sus depósitos son dinero de esa cuenta, y su saldo se compara con las cuentas de esa cuenta.',
  reconcile: {
    record: 'Anotar como saldo del banco y comparar con las cuentas',
    note: (file: string) => (file ? `Estado de cuenta ${file}`.slice(0, 300) : 'Estado de cuenta del banco'),
    reconciled: (day: string, held: string, books: string) => `Conciliado al ${day}: banco ${held} = libros ${books}.`,
    apart: (day: string, held: string, books: string, difference: string) =>
      `Al ${day} no cuadra: banco ${held}, libros ${books} (diferencia ${difference}). Revisa las líneas por decidir y lo que falta registrar.`,
    broken: 'El saldo del archivo no cuadra fila por fila: descárgalo de nuevo antes de anotarlo.',
    failed: 'No se pudo anotar el saldo del banco',
  },
  balanceBreaksTitle: (count: number) =>
    count === 1 ? 'El saldo del archivo no cuadra en 1 fila' : `El saldo del archivo no cuadra en ${count} filas`,
  balanceBreaksText: 'Puede que el archivo esté cortado o editado: descárgalo de nuevo del banco antes de aplicar sus depósitos.',
  balanceBreak: (line: number, expected: string, found: string) =>
    `Fila ${line}: el saldo debería ser ${expected} y el archivo dice ${found}.`,
  errorsTitle: (count: number) => (count === 1 ? '1 fila no se pudo leer' : `${count} filas no se pudieron leer`),
  errorLine: (line: number, reason: string) => `Fila ${line}: ${reason}`,
  mapping: {
    title: 'Columnas del archivo',
    text: 'Revisa qué columna es cada dato. Si el banco cambió el formato, corrígelas y vuelve a leer: el portal las recordará para este formato.',
    headerLine: 'Fila de encabezados',
    fields: {
      date: 'Fecha',
      description: 'Descripción',
      document: 'Documento',
      credit: 'Crédito (depósitos)',
      debit: 'Débito (retiros)',
      amount: 'Monto (con signo)',
      balance: 'Saldo',
    },
    /** What the file lacks, as the API named it ('date', 'amount'). */
    missing: (missing: ReadonlyArray<'date' | 'amount'>) => {
      const date = missing.includes('date');
      const amount = missing.includes('amount');
      const what = date && amount ? 'la columna de la fecha ni la del monto' : date ? 'la columna de la fecha' : 'la columna del monto';
      return `No encontramos ${what}${amount ? ' (Crédito/Depósito o Monto)' : ''}. Indica qué columna es cada una.`;
    },
    none: '(ninguna)',
    apply: 'Volver a leer',
    sample: 'Primeras filas',
  },
} as const;
