// Every text of the parents' portal, in one place to check against the spec.
export const texts = {
  menu: 'Secciones del portal de padres',
  welcome: (name: string) => `Bienvenido, ${name}`,
  sections: {
    portal: { label: 'Mi Portal', shortLabel: 'Mi Portal' },
    events: { label: 'Eventos de Graduación', shortLabel: 'Eventos' },
    notifications: { label: 'Notificaciones y Recordatorios', shortLabel: 'Avisos' },
    payments: { label: 'Pagos', shortLabel: 'Pagos' },
    party: { label: 'Fiesta de Graduación', shortLabel: 'Fiesta' },
  },
  comingSoon: 'Próximamente',
  version: (id: string) => `Versión ${id}`,
} as const;
