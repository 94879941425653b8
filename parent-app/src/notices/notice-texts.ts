// The texts of 'Avisos' (its chunk); the menu's counts are in ../texts.ts.
export const noticeTexts = {
  empty: 'No hay notificaciones en este momento.',
  new: 'Nuevo',
  types: { info: 'Información', warning: 'Importante', success: 'Buenas noticias' },
} as const;
