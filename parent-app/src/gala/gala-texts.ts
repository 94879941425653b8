// The 'Fiesta de Graduación' texts: kept apart from texts.ts so that only the gala's chunk carries them.
// Parents are addressed with 'tú', as everywhere in their portal (checked by src/voice.spec.ts).
export const galaTexts = {
  title: 'Fiesta de Graduación',
  details: {
    title: 'La fiesta',
    when: 'Cuándo',
    where: 'Dónde',
    notYet: 'El comité aún no ha publicado la fecha, la hora y el lugar.',
  },
  tables: {
    title: 'Tus mesas',
    none: 'El comité todavía no te ha asignado mesas.',
    numbers: (tables: number[]) => (tables.length === 1 ? `Mesa ${tables[0]}` : `Mesas ${tables.join(', ')}`),
    table: (number: number, mine: boolean) => `Mesa ${number}${mine ? ', tu mesa' : ''}`,
    legend: 'Tus mesas están resaltadas en el plano.',
  },
  guests: {
    title: 'Tus invitados',
    hint: (max: number) => `Escribe el nombre de cada invitado: hasta ${max} ${max === 1 ? 'persona' : 'personas'}.`,
    name: (index: number) => `Invitado ${index}`,
    save: 'Guardar invitados',
    saved: { title: 'Invitados guardados', description: 'La lista de invitados se actualizó.' },
    failed: 'No se pudo guardar la lista',
  },
  near: {
    title: 'Sentarnos cerca de',
    hint: 'Escribe el nombre del graduado de otra familia con la que quieras sentarte cerca. El comité lo tendrá en cuenta.',
    label: 'Nombre del graduado',
    save: 'Enviar solicitud',
    remove: 'Retirar solicitud',
    current: (name: string) => `Pediste sentarte cerca de la familia de ${name}.`,
    saved: { title: 'Solicitud guardada', description: 'El comité verá tu solicitud al asignar las mesas.' },
    failed: 'No se pudo guardar la solicitud',
  },
  pass: {
    title: 'Pase de entrada',
    hint: 'Muestra este código en la entrada. Queda guardado en tu teléfono y se abre aunque no tengas conexión.',
    qr: (graduate: string) => `Código QR del pase de la familia de ${graduate}`,
    show: 'Mostrar pase',
    offline: 'Sin conexión: se muestra el pase guardado en este teléfono.',
    unavailable: 'No se pudo cargar el pase. Ábrelo con conexión una vez para guardarlo en el teléfono.',
  },
} as const;
