// The 'Historial' texts: kept apart from texts.ts so that only the chunks that show a history
// (the section, a family's history dialog) download them.
import { HISTORY_LABELS } from '@portal/contracts/history-labels';

export const historyTexts = {
  empty: 'No hay cambios registrados con estos filtros.',
  columns: { when: 'Cuándo', who: 'Quién', family: 'Familia', what: 'Qué', change: 'Cambio' },
  filters: { entity: 'Qué', allEntities: 'Todo', family: 'Familia', allFamilies: 'Todas', from: 'Desde', to: 'Hasta' },
  more: 'Ver más',
  export: 'Exportar a Excel',
  familyTitle: (graduate: string) => `Historial de ${graduate}`,
  close: 'Cerrar',
  system: 'Sistema',
  roles: { admin: 'Comité', parent: 'Familia', door: 'Entrada', system: '' } as Record<string, string>,
  // What each kind of change, action, field and value is called: shared with the API's workbook.
  ...HISTORY_LABELS,
} as const;
