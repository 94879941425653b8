// The authorization matrix's rows (authorization-rules.ts) for the events and their answers, the
// calendars, the notices and the gala with its door.
import { CalendarService } from '../../src/calendar/calendar.service';
import { GalaDoorService } from '../../src/gala/gala-door.service';
import { GalaPlanService } from '../../src/gala/gala-plan.service';
import { toUser } from '../../src/users/users.service';
import { createEvent, createFamily, createNotice, createUser } from '../fixtures';
import type { TestApi } from '../harness';
import { ADMIN, DOOR, doorUser, nextNumber, PARENT, SIGNED_IN, ALL_OK, targetFamily, type RouteRule } from './authorization-rules';

/** A free gala table with this number (made if missing), at its own place on the plan. */
async function galaTable(api: TestApi, number: number, x: number): Promise<number> {
  await api.dataSource.query('DELETE FROM gala_tables WHERE number = ?', [number]);
  await api.dataSource.query('INSERT INTO gala_tables (number, seats, x, y) VALUES (?, 8, ?, 39)', [number, x]);
  return number;
}

export const EVENT_ROUTES: Record<string, RouteRule> = {
  'GET /api/gala': { expect: ADMIN(200) },
  'PUT /api/gala/details': { expect: ADMIN(200), request: () => ({ body: { date: '2026-11-20', time: '19:00', place: 'Salón' } }) },
  'POST /api/gala/layout': { expect: ADMIN(200), request: () => ({ body: { count: 3, columns: 3 } }) },
  'PUT /api/gala/tables/:number': { expect: ADMIN(200), request: () => ({ url: '/api/gala/tables/150', body: { x: 30, y: 30 } }) },
  'DELETE /api/gala/tables/:number': {
    expect: ADMIN(200),
    request: async ({ api }) => ({ url: `/api/gala/tables/${await galaTable(api, 199, 31)}` }),
  },
  'PUT /api/gala/tables/:number/family': {
    expect: ADMIN(200),
    request: async ({ api }) => ({
      url: `/api/gala/tables/${await galaTable(api, 198, 32)}/family`,
      body: { familyId: (await createFamily(api, { tablesBooked: 1 })).id },
    }),
  },
  'DELETE /api/gala/tables/:number/family': {
    expect: ADMIN(200),
    request: async ({ api }) => ({ url: `/api/gala/tables/${await galaTable(api, 197, 33)}/family` }),
  },
  'POST /api/gala/auto-assign': { expect: ADMIN(200) },
  'POST /api/gala/families/:id/pass/revoke': {
    expect: ADMIN(204),
    request: async (context) => ({ url: `/api/gala/families/${(await targetFamily(context)).id}/pass/revoke` }),
  },
  'POST /api/gala/check-in': { expect: DOOR(200), request: async ({ api }) => ({ body: { familyId: (await createFamily(api)).id } }) },
  'POST /api/gala/families/:id/check-in/undo': {
    expect: ADMIN(204),
    request: async ({ api }) => {
      const family = await createFamily(api, { tablesBooked: 0 });
      await api.app.get(GalaDoorService).checkIn(toUser(await createUser(api, 'door', null)), { familyId: family.id });
      return { url: `/api/gala/families/${family.id}/check-in/undo`, body: { reason: 'Registrado por error' } };
    },
  },
  'GET /api/gala/arrivals': { expect: DOOR(200) },
  'GET /api/gala/door': { expect: DOOR(200) },
  'GET /api/door-accesses': { expect: ADMIN(200) },
  'POST /api/door-accesses': {
    expect: ADMIN(201),
    request: async ({ api, fx }) => {
      // Door accounts are for the gala's night: the gala needs a date ahead.
      await api.app.get(GalaPlanService).setDetails(toUser(fx.admin), { date: '2099-06-13', time: '19:00', place: 'Salón' });
      return { body: { name: 'Voluntaria', username: `puerta.${nextNumber()}` } };
    },
  },
  'POST /api/door-accesses/:id/revoke': {
    expect: ADMIN(204),
    request: async ({ api }) => ({ url: `/api/door-accesses/${(await doorUser(api)).id}/revoke` }),
  },
  'GET /api/gala/seating.xlsx': { expect: ADMIN(200) },
  'GET /api/my-gala': { expect: PARENT },
  'PUT /api/my-gala/guests': { expect: PARENT, request: () => ({ body: { guests: ['Ana'] } }) },
  'PUT /api/my-gala/near': { expect: PARENT, request: () => ({ body: { graduateName: null } }) },
  'GET /api/my-gala/pass': { expect: PARENT },
  'GET /api/events': { expect: SIGNED_IN },
  'POST /api/events': {
    expect: ADMIN(201),
    request: () => ({ body: { fecha: '2026-05-01T18:00:00.000Z', titulo: 'Ensayo general' } }),
  },
  'PUT /api/events/:id': {
    expect: ADMIN(200),
    request: async ({ api, fx, caller }) => {
      const event = caller === 'admin' ? await createEvent(api) : fx.event;
      return { url: `/api/events/${event.id}`, body: { titulo: 'Título cambiado' } };
    },
  },
  'DELETE /api/events/:id': {
    expect: ADMIN(204),
    request: async ({ api, fx, caller }) => ({ url: `/api/events/${caller === 'admin' ? (await createEvent(api)).id : fx.event.id}` }),
  },
  'GET /api/events/:id/calendar.ics': { expect: SIGNED_IN, request: ({ fx }) => ({ url: `/api/events/${fx.event.id}/calendar.ics` }) },
  'GET /api/my-calendar': { expect: SIGNED_IN },
  'POST /api/my-calendar': { expect: [401, 201, 201, 201, 403] },
  'DELETE /api/my-calendar': { expect: [401, 204, 204, 204, 403] },
  // The link is the proof: anyone holding a live one gets the calendar, session or not.
  'GET /api/calendar/:token.ics': {
    expect: ALL_OK,
    cacheControl: 'private, no-store',
    request: async ({ api, fx, caller }) => {
      const user = caller === 'parentA' ? fx.a.parent : caller === 'parentB' ? fx.b.parent : fx.admin;
      return { url: new URL((await api.app.get(CalendarService).create(toUser(user))).url).pathname };
    },
  },
  'GET /api/event-rsvps/:eventId': { expect: ADMIN(200), request: ({ fx }) => ({ url: `/api/event-rsvps/${fx.event.id}` }) },
  'GET /api/event-rsvps/:eventId/pending': {
    expect: ADMIN(200),
    request: ({ fx }) => ({ url: `/api/event-rsvps/${fx.event.id}/pending` }),
  },
  'GET /api/notifications': { expect: SIGNED_IN },
  'GET /api/notifications/reach': { expect: ADMIN(200) },
  'POST /api/notifications': {
    expect: ADMIN(201),
    request: () => ({ body: { title: 'Aviso', message: 'Texto del aviso', date: '2026-02-01T15:00:00.000Z' } }),
  },
  'PUT /api/notifications/:id': {
    expect: ADMIN(200),
    request: async ({ api }) => ({
      url: `/api/notifications/${(await createNotice(api)).id}`,
      body: { title: 'Aviso corregido', message: 'Texto corregido', type: 'warning', date: '2026-02-01T15:00:00.000Z' },
    }),
  },
  'DELETE /api/notifications/:id': {
    expect: ADMIN(204),
    request: async ({ api }) => ({ url: `/api/notifications/${(await createNotice(api)).id}` }),
  },
  'PUT /api/my-family/rsvp': { expect: PARENT, request: () => ({ body: { awardsRsvp: true, brunchRsvp: true } }) },
  'GET /api/my-notices-seen': { expect: PARENT },
  'PUT /api/my-notices-seen': { expect: PARENT },
  'GET /api/my-event-rsvps': { expect: PARENT },
  'POST /api/event-rsvps': { expect: PARENT, request: ({ fx }) => ({ body: { eventId: fx.event.id, attending: false } }) },
  'GET /api/event-rsvps-report': { expect: ADMIN(200) },
};
