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
