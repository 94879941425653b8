import type { BalanceDestination, ClassState, ClosingItem, ClosingState } from '@portal/contracts';
import { formatLedgerAmount } from '@portal/format';

// 'Cierre de la Promoción' (docs/classes.md).
const families = (count: number) => (count === 1 ? '1 familia' : `${count} familias`);
const rows = (count: number) => (count === 1 ? '1 fila' : `${count} filas`);

export const closingTexts = {
  states: { activa: 'Activa', 'en cierre': 'En cierre', cerrada: 'Cerrada' } satisfies Record<ClassState, string>,
  checklist: {
    title: 'Lista de cierre',
    help: 'Cada punto se resuelve en su sección, o se omite escribiendo por qué. El cierre se vuelve a revisar al aprobarlo.',
    items: {
      eventos: 'Eventos por realizarse',
      comprobantes: 'Comprobantes',
      banco: 'Líneas del banco',
      gastos: 'Aprobaciones pendientes',
      preguntas: 'Preguntas de las familias',
      saldos: 'Saldo del banco y efectivo',
      correos: 'Correos por enviar',
    } satisfies Record<ClosingItem, string>,
    go: 'Ir a la sección',
    waive: 'Razón para omitirlo',
    waiveHint: 'Déjalo vacío si lo vas a resolver.',
  },
  proposal: {
    title: 'Proponer el cierre',
    help: (balance: number) =>
      `El saldo de ${formatLedgerAmount(balance)} queda registrado como saldo entregado al cerrar ('Cierre de la promoción', no es un gasto) con el acta. Otro miembro del comité debe aprobarlo; entonces la promoción queda de solo lectura y su informe final se congela.`,
    destination: 'A dónde va el saldo',
    destinations: {
      familias: 'Se devuelve a las familias, en proporción a lo que pagó cada una',
      colegio: 'Se entrega al colegio',
      siguiente: 'Pasa a la promoción siguiente como saldo inicial',
    } satisfies Record<BalanceDestination, string>,
    acta: 'Acta que aprobó el cierre',
    actaHint: 'Número y fecha de la asamblea o reunión.',
    readUntil: 'Las familias pueden consultar hasta',
    submit: 'Proponer el cierre',
    proposed: 'Cierre propuesto: espera la aprobación de otro miembro del comité',
    failed: 'No se pudo proponer el cierre',
    singleAdmin: 'Solo hay una cuenta de administrador: agrega otra en Cuentas, porque el cierre necesita la aprobación de otro miembro.',
  },
  pending: {
    title: 'Cierre propuesto',
    by: (name: string, when: string) => `Propuesto por ${name} el ${when}`,
    waived: 'Puntos omitidos',
    waiting: 'Espera la aprobación de otro miembro del comité.',
    approve: 'Aprobar y cerrar la promoción',
    reject: 'Rechazar',
    withdraw: 'Retirar la propuesta',
    approved: 'Promoción cerrada',
    rejected: 'Propuesta de cierre rechazada',
    failed: 'No se pudo decidir el cierre',
    confirm: (name: string) =>
      `Al aprobar, la ${name} queda cerrada: nada de ella cambia después y su informe final se congela. ¿Cerrarla?`,
  },
  states2: { pendiente: 'Pendiente', aprobado: 'Aprobado', rechazado: 'Rechazado', retirado: 'Retirado' } satisfies Record<
    ClosingState,
    string
  >,
  report: {
    title: 'Informe final',
    closed: (when: string, proposer: string, approver: string) => `Cerrada el ${when}: propuso ${proposer}, aprobó ${approver}.`,
    opening: 'Saldo de la promoción anterior',
    received: 'Recibido de las familias',
    spent: 'Gastado (incluye el saldo entregado)',
    given: (destination: string) => `Saldo al cierre: ${destination.toLowerCase()}`,
    acta: 'Acta',
    hash: 'Huella del informe (SHA-256)',
    hashHelp: 'Las familias ven la misma huella: cualquier copia del Excel con esta huella es el informe sin cambios.',
    download: 'Descargar el informe (Excel)',
    fileName: (className: string) =>
      `informe-rendicion-de-cuentas-${className
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')}.xlsx`,
    readUntil: (day: string) => `Las familias pueden consultarlo hasta el ${day}.`,
    shares: 'Devolución a cada familia',
    family: 'Familia',
    paid: 'Pagó',
    share: 'Le corresponde',
  },
  newClass: {
    title: 'Nueva promoción',
    step: (number: number) => `Paso ${number} de 6`,
    namesTitle: 'Año y nombre',
    year: 'Año',
    name: 'Nombre',
    defaultName: (year: number | string) => `Promoción ${year}`,
    continue: 'Continuar',
    kept: 'Lo que escribes se guarda en este navegador: puedes salir y continuar después.',
    calendarTitle: (year: number | string) => `Calendario de la Promoción ${year}`,
    calendarHelp:
      'Se proponen las fechas de la promoción anterior un año después, con los mismos montos (un monto vacío queda por definir). Revisa cada fila, cámbiala si hace falta y márcala como confirmada: una fecha que ya pasó debe cambiarse.',
    payments: 'Pagos',
    events: 'Eventos',
    noEvents: 'La promoción no tiene eventos que pasar a la nueva.',
    date: 'Fecha',
    dateTime: 'Fecha y hora',
    amount: 'Monto por familia (Q)',
    twinsAmount: 'Monto para gemelos (Q, opcional)',
    past: 'Esta fecha ya pasó',
    confirmed: 'Confirmado',
    confirmedCount: (done: number, total: number) => `${done} de ${total} fechas confirmadas`,
    accountsTitle: (year: number | string) => `Cuentas de la Promoción ${year}`,
    accountsHelp:
      'Las cuentas del comité pasan a la nueva promoción, cada una con lo que tenía al cerrar: así el primer estado de cuenta y el primer arqueo cuadran con los libros. Aquí puedes cambiarles el nombre (menos a la que ven las familias) y agregar cuentas de banco, que empiezan en Q0.',
    shownToFamilies: 'La que ven las familias',
    accountName: (name: string) => `Nombre de la cuenta «${name}»`,
    startsWith: (amount: string) => `Empieza con ${amount}`,
    startsEmpty: 'Empieza en Q0: el saldo se entregó al cerrar.',
    newAccount: 'Cuenta nueva',
    startsNew: 'Empieza en Q0.',
    addAccount: 'Agregar cuenta de banco',
    removeAccount: 'Quitar esta cuenta',
    committee: 'Comité de la nueva promoción',
    committeeHint: 'Las cuentas que no marques siguen viendo la promoción archivada, pero no la nueva.',
    you: '(tú)',
    familiesTitle: (year: number | string) => `Familias de la Promoción ${year}`,
    familiesHelp:
      'Elige la lista del colegio (CSV o Excel): se revisa ahora y se importa al abrir la promoción. Puedes seguir sin ella e importarla después en «Gestión de Familias».',
    chooseList: 'Elegir la lista del colegio',
    chooseOther: 'Elegir otra lista',
    listRead: (fileName: string, accepted: number, refused: number) =>
      `${fileName}: ${families(accepted)} se importarán al abrirla${refused > 0 ? `; ${rows(refused)} no (corrígelas en el archivo y elígelo otra vez, o agrégalas a mano después)` : ''}.`,
    refusedLine: (line: number, name: string, reasons: readonly string[]) =>
      `Fila ${line}${name ? ` (${name})` : ''}: ${reasons.join(' ')}`,
    withoutList: 'Sin lista',
    forgetList: 'Seguir sin lista',
    confirmTitle: 'Confirmar',
    familiesShown: (fileName: string, accepted: number) =>
      `Al abrirla se importan ${families(accepted)} de ${fileName}, sin enviarles nada: las invitas desde «Gestión de Familias».`,
    noFamilies: 'La promoción se abre sin familias: importa la lista del colegio en «Gestión de Familias».',
    importedDetail: (count: number) => `Se importaron ${families(count)}. Invítalas desde «Gestión de Familias».`,
    importFailed: 'La promoción se abrió, pero la lista no se importó',
    typeName: (name: string) => `Escribe «${name}» para confirmar`,
    /** The account families are shown in the new class: the same bank and number, its holder naming the new class. */
    accountShown: (bank: string, number: string, holder: string) =>
      `Las familias verán la cuenta ${bank} ${number} a nombre de «${holder}». Para cambiar el banco o el número, usa «Cuentas del Comité» después de abrirla: lo aprueba otro administrador.`,
    typeNameHint: 'Al abrirla, la promoción anterior queda archivada y la nueva empieza con este calendario. No se puede deshacer.',
    explanation: (name: string, readUntil: string) =>
      `Se archiva la ${name} con sus datos: queda de solo lectura para su comité y, hasta el ${readUntil}, para sus familias. La nueva promoción empieza con la configuración, el calendario de pagos y eventos que confirmes aquí, las categorías del presupuesto y las cuentas del comité, cada una con lo que se le pasó al cerrar; sus familias llegan de la lista del colegio.`,
    submit: (year: number | string) => `Abrir la Promoción ${year}`,
    opened: (name: string) => `${name} abierta`,
    openedDetail: 'Ahora importa la lista de familias del colegio.',
    failed: 'No se pudo abrir la nueva promoción',
  },
  familiesAccess: {
    title: 'Acceso de las familias',
    explanation:
      'Hasta qué día las familias de cada promoción cerrada consultan sus pagos, sus comprobantes y el informe final. El comité la consulta siempre.',
    until: (name: string) => `${name}: las familias consultan hasta el`,
    now: (day: string) => `Ahora: hasta el ${day}.`,
    ended: (day: string) => `Su acceso terminó el ${day}.`,
    save: 'Guardar fecha',
    saved: (name: string, day: string) => `${name}: las familias consultan hasta el ${day}`,
    failed: 'No se pudo cambiar la fecha',
  },
} as const;
