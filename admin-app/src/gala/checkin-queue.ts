// Check-ins that could not reach the server (a flaky connection at the venue) wait on the phone
// and are sent again, in order, when it comes back. The server decides every arrival: a queued
// check-in of a family that came in at another door meanwhile is answered 'Ya ingresó'.
import type { GalaCheckIn, GalaCheckInInput } from '@portal/contracts';
import { checkInGala } from '@portal/api-client/gala';
import { errorMessage, isApiError } from '@portal/api-client/request';

const STORAGE_KEY = 'portal.gala.check-ins';

export interface QueuedCheckIn {
  id: string;
  label: string;
  input: GalaCheckInInput;
}

/** What the door shows for one check-in: the server's answer, or that it is waiting. */
export interface CheckInOutcome {
  id: string;
  label: string;
  kind: 'ingreso' | 'ya-ingreso' | 'agregado' | 'error' | 'queued';
  message: string;
  answer?: GalaCheckIn;
}

export function queued(): QueuedCheckIn[] {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as QueuedCheckIn[];
  } catch {
    return [];
  }
}

const keep = (entries: QueuedCheckIn[]) => localStorage.setItem(STORAGE_KEY, JSON.stringify(entries));

function outcome(entry: QueuedCheckIn, answer: GalaCheckIn): CheckInOutcome {
  return { id: entry.id, label: answer.family.graduateName, kind: answer.result, message: answer.message, answer };
}

/** Sends one check-in; without a connection it joins the queue and says so. */
export async function sendCheckIn(label: string, input: GalaCheckInInput, queuedText: string): Promise<CheckInOutcome> {
  const entry: QueuedCheckIn = { id: `${Date.now()}-${Math.random().toString(36).slice(2)}`, label, input };
  try {
    return outcome(entry, await checkInGala(input));
  } catch (error) {
    if (isApiError(error)) return { id: entry.id, label, kind: 'error', message: errorMessage(error) };
    keep([...queued(), entry]);
    return { id: entry.id, label, kind: 'queued', message: queuedText };
  }
}

let flushing: Promise<void> | null = null;

/**
 * Sends the queue in order until the connection fails again; each answer is reported as it comes.
 * One run at a time: the 'online' event and the timer firing together must not send a check-in
 * twice (the second would answer 'Ya ingresó' over the first's 'Ingresó').
 */
export function flushQueue(report: (outcome: CheckInOutcome) => void): Promise<void> {
  flushing ??= sendQueued(report).finally(() => {
    flushing = null;
  });
  return flushing;
}

async function sendQueued(report: (outcome: CheckInOutcome) => void): Promise<void> {
  for (const entry of queued()) {
    try {
      report(outcome(entry, await checkInGala(entry.input)));
    } catch (error) {
      if (!isApiError(error)) return;
      report({ id: entry.id, label: entry.label, kind: 'error', message: errorMessage(error) });
    }
    keep(queued().filter((other) => other.id !== entry.id));
  }
}
