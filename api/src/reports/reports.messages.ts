// Everything a person reads in the reports: error messages, sheet names, headers and values,
// exactly as the spec writes them (docs: spec section 7, decisions item 11).

export const REPORT_TEXTS = {
  badFormat: 'Formato de reporte no válido: usa format=xlsx para la hoja de cálculo, o no envíes format para JSON.',
  payments: {
    sheet: 'Confirmaciones de Pago',
    filePrefix: 'confirmaciones-de-pago',
    graduate: 'Graduado',
    contact: 'Contacto',
    email: 'Email',
    phone: 'Teléfono',
    payment: (n: number) => `Pago ${n}`,
    paid: 'Ya pagué',
    notAttending: 'No asistiré',
    pending: 'Pendiente',
  },
  statement: {
    sheet: 'Estado de cuenta',
    reference: 'Referencia',
    graduates: 'Graduados',
    expected: 'Esperado (Q)',
    received: 'Recibido (Q)',
    balance: 'Saldo (Q)',
  },
  /** The payments workbook's last sheet: what each sheet and each column of 'Estado de cuenta' says. */
  howToRead: {
    sheet: 'Cómo leer',
    what: 'Hoja o columna',
    says: 'Qué dice',
    rows: [
      [
        'Confirmaciones de Pago',
        "Lo que cada familia declaró en el portal ('Ya pagué', 'No asistiré'); 'Pendiente' si no declaró nada. Es la palabra de la familia: no es dinero recibido.",
      ],
      [
        'Estado de cuenta',
        'El dinero recibido: el libro de cada familia (comprobantes verificados, depósitos del banco aplicados y pagos registrados por el comité, menos lo revertido).',
      ],
      [
        'Las dos hojas',
        "Un 'Pendiente' en 'Confirmaciones de Pago' puede estar junto a un 'Pagado' en 'Estado de cuenta' (el dinero llegó y la familia no lo marcó), y un 'Ya pagué' junto a un 'Pendiente' (la familia lo declaró y el dinero aún no se ha recibido o verificado). Lo que cuenta como pagado es 'Estado de cuenta'.",
      ],
      ['Referencia', 'Lo que la familia escribe en su boleta de depósito o transferencia (P26-042-Y).'],
      ['Graduados', 'Número de graduados de la familia: 2 para gemelos.'],
      ['Esperado (Q)', 'Quetzales que la familia debe en total por los seis pagos.'],
      ['Recibido (Q)', 'Quetzales recibidos de la familia (lo que no fue revertido).'],
      ['Saldo (Q)', 'Esperado menos Recibido, en quetzales: lo que falta pagar; negativo si pagó de más (saldo a favor).'],
      [
        'Pago 1 a Pago 6 (Estado de cuenta)',
        "El estado de cada pago según el dinero recibido: 'Pendiente', 'Parcial (Q450 de Q2,950)' o 'Pagado'.",
      ],
    ] as ReadonlyArray<readonly [string, string]>,
  },
  rsvps: {
    sheet: 'RSVPs de Eventos',
    filePrefix: 'rsvps-eventos',
    event: 'Evento',
    eventDate: 'Fecha del Evento',
    graduate: 'Graduado',
    contact: 'Contacto',
    email: 'Email',
    phone: 'Teléfono',
    attendance: 'Asistencia',
    guests: 'Personas',
    yes: 'Sí',
    no: 'No',
  },
} as const;
