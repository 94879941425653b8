import { createContext, useContext } from 'react';
import type { Family } from '@portal/contracts';

export const FamilyContext = createContext<Family | null>(null);

/** The signed-in parent's family (sections render only inside FamilyGate). */
export function useFamily(): Family {
  const family = useContext(FamilyContext);
  if (!family) throw new Error('useFamily outside FamilyGate');
  return family;
}
