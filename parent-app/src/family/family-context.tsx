import { createContext, useContext } from 'react';
import type { MyFamily } from '@portal/contracts';

export const FamilyContext = createContext<MyFamily | null>(null);

/** The signed-in parent's family (sections render only inside FamilyGate). */
export function useFamily(): MyFamily {
  const family = useContext(FamilyContext);
  if (!family) throw new Error('useFamily outside FamilyGate');
  return family;
}
