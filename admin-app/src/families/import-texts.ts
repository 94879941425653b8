// 'Importar lista del colegio' in 'Gestión de Familias': what the committee reads while it opens a class from the school's list.

const families = (count: number) => (count === 1 ? '1 familia' : `${count} familias`);
const rows = (count: number) => (count === 1 ? '1 fila' : `${count} filas`);

/** The files 'Importar lista del colegio' and 'Nueva promoción' take (what the API's school-list reader reads). */
export const SCHOOL_LIST_ACCEPT = '.csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const importTexts = {
  button: 'Importar lista del colegio',
  file: 'Lista del colegio (CSV o Excel)',
  reading: 'Leyendo la lista…',
  readFailed: 'No se pudo leer la lista',
  title: 'Importar lista del colegio',
  summary: (fileName: string, accepted: number, refused: number) =>
    `${fileName}: ${families(accepted)} para importar${refused > 0 ? ` y ${rows(refused)} con problemas` : ''}.`,
  refusedTitle: (count: number) => (count === 1 ? 'Esta fila no se importará' : `Estas ${count} filas no se importarán`),
  refusedHint: 'Corrígelas en el archivo y vuelve a importarlo, o agrega esas familias a mano.',
  acceptedTitle: 'Familias que se importarán',
  noneAccepted: 'Ninguna fila de la lista se puede importar.',
  columns: { line: 'Fila', graduate: 'Graduado', contact: 'Contacto', email: 'Email', phone: 'Teléfono', reason: 'Motivo' },
  secondEmail: (email: string) => `Segundo contacto: ${email} (recibe copia de los correos)`,
  notKept: (emails: string[]) => `No se guarda: ${emails.join(', ')}`,
  noPhone: 'Sin teléfono',
  cancel: 'Cancelar',
  import: (count: number) => (count === 1 ? 'Importar 1 familia' : `Importar ${count} familias`),
  importing: 'Importando…',
  importFailed: 'No se pudo importar la lista',
  imported: (count: number) => (count === 1 ? 'Se importó 1 familia' : `Se importaron ${count} familias`),
  inviteText:
    'Invítalas ahora: enviaremos por correo a cada familia sin cuenta (estas y las que ya tenías) un enlace para crear su cuenta. Vence en 7 días.',
  inviteAll: 'Invitar a todas',
  inviting: 'Enviando invitaciones…',
  close: 'Cerrar',
} as const;
