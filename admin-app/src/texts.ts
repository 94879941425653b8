// Every text of the admin panel, in one place to check against the spec.
export const texts = {
  menu: 'Secciones del panel administrativo',
  sections: {
    dashboard: { label: 'Panel Principal', subtitle: 'Resumen de familias, pagos, mesas y confirmaciones' },
    events: { label: 'Gestión de Eventos', subtitle: 'Crea y administra los eventos de graduación' },
    rsvps: { label: 'Confirmaciones de Eventos', subtitle: 'Familias que confirmaron su asistencia a cada evento' },
    families: { label: 'Gestión de Familias', subtitle: 'Perfiles de las familias, pagos y mesas reservadas' },
    notifications: { label: 'Notificaciones y Recordatorios', subtitle: 'Avisos que ven todas las familias en su portal' },
    paymentDates: { label: 'Fechas de Pago', subtitle: 'Calendario de los seis pagos de la promoción' },
    party: { label: 'Fiesta de Graduación', subtitle: 'Organización de la fiesta de graduación' },
  },
  comingSoon: 'Próximamente',
  version: (id: string) => `Versión ${id}`,
} as const;
