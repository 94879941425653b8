// Fiesta de Graduación (the gala): seating plan, guests, passes, check-in at the door.

/** Guests a table seats unless the committee says otherwise. */
export const GALA_DEFAULT_SEATS = 8;

/** The longest guest name, in characters (code points). */
export const GALA_GUEST_NAME_MAX = 80;

/** The floor plan's grid: positions run from 0 to these, exclusive. */
export const GALA_GRID = { columns: 40, rows: 40 } as const;

export interface GalaDetails {
  /** `yyyy-MM-dd`, or null until the committee sets it. */
  date: string | null;
  /** `HH:mm`. */
  time: string | null;
  place: string | null;
}

export interface GalaTable {
  number: number;
  seats: number;
  zone: string | null;
  /** Grid position on the floor plan. */
  x: number;
  y: number;
  /** The family seated there (admin view); null when free. */
  familyId: number | null;
}

export interface GalaFamily {
  id: number;
  graduateName: string;
  /** What the door finds a family by, besides its graduate and tables. */
  contactName: string;
  email: string;
  phone: string;
  tablesBooked: number;
  /** Table numbers assigned to the family, ascending. */
  tables: number[];
  guests: string[];
  /** Most guest names the family may give: its tables' seats, or 8 a booked table before any assignment. */
  maxGuests: number;
  nearFamilyId: number | null;
  arrivedCount: number | null;
  /** ISO instant of the check-in. */
  arrivedAt: string | null;
}

export type GalaWarningKind = 'missing-tables' | 'extra-tables' | 'over-capacity';

export interface GalaWarning {
  kind: GalaWarningKind;
  familyId: number;
  message: string;
}

/** The admin's plan: every table and family, with what needs attention. */
export interface GalaPlan {
  details: GalaDetails;
  tables: GalaTable[];
  families: GalaFamily[];
  warnings: GalaWarning[];
}

/** A table as a parent sees the plan: only whether it is the family's own. */
export interface GalaPlanTable {
  number: number;
  seats: number;
  zone: string | null;
  x: number;
  y: number;
  mine: boolean;
}

/** What a parent sees of the gala. */
export interface MyGala {
  details: GalaDetails;
  tables: GalaPlanTable[];
  family: {
    graduateName: string;
    tablesBooked: number;
    tables: number[];
    guests: string[];
    maxGuests: number;
    /** The graduate of the family this one asked to sit near (named by the family itself). */
    nearGraduateName: string | null;
  };
}

/** 'Sentarnos cerca de': the other family's graduate, as the family writes it; null withdraws it. */
export interface GalaNearInput {
  graduateName: string | null;
}

export interface GalaPass {
  token: string;
  graduateName: string;
  tables: number[];
  details: GalaDetails;
}

export interface GalaTableInput {
  seats?: number;
  zone?: string | null;
  x: number;
  y: number;
}

export interface GalaCheckInInput {
  /** The pass's token (scanned), or the family's id (found by name). */
  token?: string;
  familyId?: number;
  /** Guests who came in; the family's expected count when left out. */
  count?: number;
  /** Latecomers: people added to the family's recorded arrival (never beyond its seats). */
  add?: number;
}

export interface GalaCheckIn {
  /**
   * 'ingreso' when this scan recorded the arrival; 'ya-ingreso' when it had been recorded before;
   * 'agregado' when latecomers were added to it.
   */
  result: 'ingreso' | 'ya-ingreso' | 'agregado';
  message: string;
  family: { id: number; graduateName: string; tables: number[]; guests: string[] };
  arrivedCount: number;
  arrivedAt: string;
  /** The family's seats: how many may come in at most. */
  maxGuests: number;
}

/** Undoing a check-in made by mistake: why, kept in 'Historial'. */
export interface GalaUndoCheckInInput {
  reason: string;
}

/** A family as the door sees it: enough to find it and let it in; no e-mail, phone or payments. */
export interface GalaDoorFamily {
  id: number;
  graduateName: string;
  contactName: string;
  tables: number[];
  guests: string[];
  /** The people expected when no guest list was given: the seats of its tables. */
  maxGuests: number;
  arrivedCount: number | null;
  /** ISO instant of the check-in. */
  arrivedAt: string | null;
}

/** GET /api/gala/door: what the door screen reads (the committee's and the door volunteers'). */
export interface GalaDoor {
  families: GalaDoorFamily[];
}

/** A volunteer's door account as the committee sees it. */
export interface DoorAccess {
  id: number;
  name: string;
  username: string;
  /** ISO instant the access ends (or ended: revoked accounts end when they were revoked). */
  accessUntil: string;
  /** ISO instant the access starts: the gala's day at 12:00 in Guatemala. */
  accessFrom: string;
  /** Still usable: not past its end, not disabled. */
  active: boolean;
  createdAt: string;
}

/**
 * POST /api/door-accesses: a volunteer's name and a user name. The access works the gala's night
 * only (its day 12:00 to the next day 06:00, Guatemala).
 */
export interface DoorAccessInput {
  name: string;
  username: string;
  /** `yyyy-MM-dd`: the gala's day when given (any other day is refused); the gala's day when left out. */
  until?: string;
}

/** The new access with its password, shown this once (only its hash is kept). */
export interface DoorAccessCreated {
  access: DoorAccess;
  password: string;
}

export interface GalaArrivals {
  arrived: number;
  expected: number;
  tables: Array<{ number: number; familyId: number | null; graduateName: string | null; arrived: number; expected: number }>;
}
