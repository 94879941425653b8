// The texts of the calendar links (CalendarLinks.tsx). Kept next to them rather than in
// ../texts.ts, which every first visit downloads: these load with the 'Eventos' section only
// (the parent bundle's budget, docs/performance.md).
export const calendarTexts = {
  add: 'Agregar a mi calendario',
  addLabel: (title: string) => `Agregar a mi calendario: ${title}`,
  title: 'Calendario del teléfono',
  lead: 'Suscríbete y los eventos aparecerán en el calendario de tu teléfono; si el comité cambia o cancela uno, se actualiza solo.',
  subscribe: 'Suscribirse',
  subscribed: (date: string) => `Tu calendario está suscrito desde el ${date}.`,
  open: 'Abrir en mi calendario',
  copy: 'Copiar enlace',
  copied: 'Enlace copiado',
  copiedText: 'Pégalo en tu app de calendario, en «Agregar calendario desde URL».',
  copyFailed: 'No se pudo copiar',
  copyFailedText: 'Mantén presionado el enlace para seleccionarlo y copiarlo.',
  linkNote: 'Este enlace es personal: no lo compartas. Por seguridad solo se muestra ahora; si lo pierdes, crea uno nuevo.',
  newLink: 'Crear un enlace nuevo',
  revoke: 'Desactivar enlace',
  revokeTitle: '¿Desactivar el enlace del calendario?',
  revokeText: 'Tu teléfono dejará de recibir los eventos y sus cambios. Podrás suscribirte de nuevo cuando quieras.',
  revoked: { title: 'Enlace desactivado', description: 'Tu calendario ya no recibirá los eventos.' },
  created: { title: 'Enlace listo', description: 'Ábrelo en tu teléfono para suscribirte.' },
  failed: { title: 'Error', description: 'No se pudo completar. Por favor intenta de nuevo.' },
} as const;
