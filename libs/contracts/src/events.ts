// Events, their answers (RSVPs) and the families' calendar links.

export const EVENT_DESCRIPTION_PREVIEW_LENGTH = 40;

/** Longest text each event field takes (characters): the dialog and the API read the same numbers. */
export const EVENT_FIELD_LIMITS = {
  titulo: 200,
  descripcion: 2000,
  horario: 100,
  lugar: 200,
  vestimenta: 200,
  imagen: 500,
} as const;

export interface EventInput {
  /** ISO 8601 date-time in UTC. */
  fecha: string;
  titulo: string;
  descripcion: string | null;
  horario: string | null;
  lugar: string | null;
  vestimenta: string | null;
  imagen: string | null;
  /** ISO 8601 date-time in UTC after which parents can no longer answer; null for none. */
  rsvpDeadline?: string | null;
}

export interface GraduationEvent extends EventInput {
  id: number;
  rsvpDeadline: string | null;
}

/** GET /api/my-calendar: whether the signed-in account has a calendar subscription link. */
export interface MyCalendar {
  active: boolean;
  /** When the current link was made (ISO 8601, UTC); null without one. */
  createdAt: string | null;
}

/** POST /api/my-calendar: the new link, shown once (only its hash is kept). */
export interface MyCalendarLinks extends MyCalendar {
  /** `https://.../api/calendar/<token>.ics`, to paste in a calendar app. */
  url: string;
  /** The same address as `webcal://`: opening it asks the phone to subscribe. */
  webcalUrl: string;
}

export interface EventRsvp {
  eventId: number;
  attending: boolean;
  /** People attending (1 to the family's limit; 1 when left out), null when not attending. */
  guests?: number | null;
}

export interface AdminEventRsvp extends EventRsvp {
  id: number;
  guests: number | null;
  family: { graduateName: string; contactName: string };
}

/** A family that has not answered an event yet (GET /api/event-rsvps/{eventId}/pending). */
export interface PendingFamily {
  id: number;
  graduateName: string;
  contactName: string;
}
