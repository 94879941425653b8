// The texts of 'Eventos' (its chunk); the answers' words, which 'Mi Portal' also shows, are in ../texts.ts.
import { texts } from '../texts';

export const eventTexts = {
  ...texts.events,
  empty: 'No hay eventos programados aún.',
  noneUpcoming: 'No hay próximos eventos.',
  upcoming: 'Próximos eventos',
  past: 'Eventos pasados',
  schedule: 'Horario',
  place: 'Lugar',
  directions: 'Cómo llegar',
  share: 'Compartir por WhatsApp',
  shareLabel: (title: string) => `Compartir por WhatsApp: ${title}`,
  directionsTo: (place: string) => `Cómo llegar: ${place} (abre el mapa)`,
  dress: 'Vestimenta',
  yourAnswer: 'Tu respuesta',
  saved: { title: 'RSVP Actualizado', description: 'Tu confirmación de asistencia ha sido actualizada exitosamente.' },
} as const;
