// The entry pass, kept on the phone once loaded: at the door there may be no connection.
import type { GalaPass } from '@portal/contracts';
import { getMyGalaPass } from '@portal/api-client/gala';
import { isApiError } from '@portal/api-client/request';

const STORAGE_KEY = 'portal.gala.pass';

export function storedPass(): GalaPass | null {
  try {
    const text = localStorage.getItem(STORAGE_KEY);
    return text ? (JSON.parse(text) as GalaPass) : null;
  } catch {
    return null;
  }
}

/** The server's pass (then kept), or the kept one when the server cannot be reached. */
export async function loadPass(): Promise<{ pass: GalaPass; offline: boolean } | null> {
  try {
    const pass = await getMyGalaPass();
    localStorage.setItem(STORAGE_KEY, JSON.stringify(pass));
    return { pass, offline: false };
  } catch (error) {
    // A refusal (signed out, another family's account) must not show a kept pass.
    if (isApiError(error)) {
      localStorage.removeItem(STORAGE_KEY);
      return null;
    }
    const pass = storedPass();
    return pass ? { pass, offline: true } : null;
  }
}
