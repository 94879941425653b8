// The Spanish e-mails the portal sends: a plain-text body and an HTML one for each.
import { formatQuetzales } from '@portal/format';

export interface Mail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function layout(classYear: number, paragraphs: string[], action: { label: string; url: string }): string {
  const body = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n');
  return `<!doctype html>
<html lang="es"><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<h1 style="font-size: 20px">Class of ${classYear}</h1>
${body}
<p><a href="${escapeHtml(action.url)}" style="display: inline-block; background: #1e3a8a; color: #ffffff; padding: 10px 16px; border-radius: 6px; text-decoration: none">${escapeHtml(action.label)}</a></p>
<p style="font-size: 13px; color: #6b7280">Si el botón no funciona, copia esta dirección en tu navegador: ${escapeHtml(action.url)}</p>
</body></html>`;
}

/** To an address not proven yet: no text the registrant chose (a name could be a phishing lure). */
export function verifyEmailMail(input: { link: string; classYear: number; hours: number }): Mail {
  const paragraphs = [
    'Hola:',
    `Recibimos una solicitud para crear tu cuenta en el portal de la promoción Class of ${input.classYear} con este correo.`,
    `Confirma que este correo es tuyo para ver la información de tu familia. El enlace vence en ${input.hours} horas y sirve una sola vez.`,
    'Si no fuiste tú, ignora este mensaje: nadie podrá ver los datos de tu familia con esta cuenta.',
  ];
  const action = { label: 'Confirmar mi correo', url: input.link };
  return {
    subject: `Confirma tu correo · Class of ${input.classYear}`,
    text: `${paragraphs.join('\n\n')}\n\n${action.label}: ${action.url}\n`,
    html: layout(input.classYear, paragraphs, action),
  };
}

/** `name` only when the address is proven: to an unproven one, nothing its registrant chose. */
export function resetPasswordMail(input: { name: string | null; link: string; classYear: number; minutes: number }): Mail {
  const paragraphs = [
    input.name ? `Hola, ${input.name}:` : 'Hola:',
    `Alguien pidió restablecer la contraseña de tu cuenta en el portal de la promoción Class of ${input.classYear}.`,
    `Con este enlace eliges una contraseña nueva. Vence en ${input.minutes} minutos y sirve una sola vez; al usarlo se cierran tus sesiones abiertas.`,
    'Si no lo pediste, ignora este mensaje: tu contraseña no cambia.',
  ];
  const action = { label: 'Elegir una contraseña nueva', url: input.link };
  return {
    subject: `Restablece tu contraseña · Class of ${input.classYear}`,
    text: `${paragraphs.join('\n\n')}\n\n${action.label}: ${action.url}\n`,
    html: layout(input.classYear, paragraphs, action),
  };
}

/**
 * '¿Olvidaste tu contraseña?' for an address no enabled account uses: the asker gets the same
 * answer as for a known address, and the mailbox's owner learns what happened (no text anyone chose).
 */
export function resetNoAccountMail(input: { portalUrl: string; classYear: number }): Mail {
  const paragraphs = [
    'Hola:',
    `Alguien pidió restablecer la contraseña de una cuenta con este correo en el portal de la promoción Class of ${input.classYear}, pero ninguna cuenta activa del portal lo usa.`,
    'Si eres de una familia de la promoción, puedes crear tu cuenta con este correo o pedir al comité que te invite. Si no lo pediste, ignora este mensaje.',
  ];
  const action = { label: 'Ir al portal', url: input.portalUrl };
  return {
    subject: `Restablecer contraseña · Class of ${input.classYear}`,
    text: `${paragraphs.join('\n\n')}\n\n${action.label}: ${action.url}\n`,
    html: layout(input.classYear, paragraphs, action),
  };
}

export function invitationMail(input: { contactName: string; graduateName: string; link: string; classYear: number; days: number }): Mail {
  const paragraphs = [
    `Hola, ${input.contactName}:`,
    `El comité de padres de la promoción Class of ${input.classYear} te invita al portal de graduación de ${input.graduateName}: eventos, pagos y avisos en un solo lugar.`,
    `Con este enlace eliges tu nombre de usuario y tu contraseña. Vence en ${input.days} días y sirve una sola vez.`,
  ];
  const action = { label: 'Crear mi cuenta', url: input.link };
  return {
    subject: `Invitación al portal de graduación · Class of ${input.classYear}`,
    text: `${paragraphs.join('\n\n')}\n\n${action.label}: ${action.url}\n`,
    html: layout(input.classYear, paragraphs, action),
  };
}

/** A committee member invited to administer the portal, once a second admin approved it. */
export function adminInvitationMail(input: { name: string; invitedBy: string; link: string; classYear: number; days: number }): Mail {
  const paragraphs = [
    `Hola, ${input.name}:`,
    `${input.invitedBy} te invita a administrar el portal de graduación de la promoción Class of ${input.classYear}, como miembro del comité de padres.`,
    `Con este enlace eliges tu nombre de usuario y tu contraseña. Vence en ${input.days} días y sirve una sola vez.`,
    'Si no esperabas esta invitación, ignora este mensaje: sin el enlace no se crea ninguna cuenta.',
  ];
  const action = { label: 'Crear mi cuenta de administrador', url: input.link };
  return {
    subject: `Invitación para administrar el portal · Class of ${input.classYear}`,
    text: `${paragraphs.join('\n\n')}\n\n${action.label}: ${action.url}\n`,
    html: layout(input.classYear, paragraphs, action),
  };
}

function footer(text: string, link: { label: string; url: string }): string {
  return `<p style="font-size: 12px; color: #6b7280">${escapeHtml(text)} <a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`;
}

/** A notice of 'Notificaciones', e-mailed to a family; the last line turns these e-mails off in one click. */
export function noticeMail(input: {
  contactName: string;
  classYear: number;
  title: string;
  message: string;
  date: string;
  portalUrl: string;
  unsubscribeUrl: string;
}): Mail {
  const intro = [
    `Hola, ${input.contactName}:`,
    `El comité de padres publicó un aviso en el portal de la promoción Class of ${input.classYear}.`,
  ];
  const dateLine = `Fecha: ${input.date}`;
  const action = { label: 'Ver en el portal', url: input.portalUrl };
  const optOut = 'Recibes este correo porque tu familia está inscrita en el portal. Para dejar de recibir los avisos por correo:';
  const body = input.message
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  return {
    subject: `${input.title} · Class of ${input.classYear}`,
    text:
      `${intro.join('\n\n')}\n\n${input.title}\n\n${input.message}\n\n${dateLine}\n\n${action.label}: ${action.url}\n\n` +
      `${optOut} ${input.unsubscribeUrl}\n`,
    html: `<!doctype html>
<html lang="es"><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<h1 style="font-size: 20px">Class of ${input.classYear}</h1>
${paragraphs(intro)}
<h2 style="font-size: 18px">${escapeHtml(input.title)}</h2>
${body}
${paragraphs([dateLine])}
<p><a href="${escapeHtml(action.url)}" style="display: inline-block; background: #1e3a8a; color: #ffffff; padding: 10px 16px; border-radius: 6px; text-decoration: none">${escapeHtml(action.label)}</a></p>
${footer(optOut, { label: 'Darme de baja de los avisos por correo', url: input.unsubscribeUrl })}
</body></html>`,
  };
}

/** 'a', 'a y b', 'a, b y c'. */
const listInSpanish = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`);

/**
 * A payment the family's ledger does not show paid: N days before its date, or on the day; with
 * what else is overdue (in total and per payment), the family's reference and the bank account,
 * and a link to its 'Pagos'.
 */
export function paymentReminderMail(input: {
  contactName: string;
  graduateName: string;
  classYear: number;
  paymentTitle: string;
  description: string;
  dueDate: string;
  daysLeft: number;
  /** What the family still owes of it, whole quetzales (null while the payment has no amount). */
  owed: number | null;
  /** The other payments past their date the family still owes, oldest first. */
  overdue?: Array<{ title: string; balance: number }>;
  /** The family's payment reference, to write on the deposit slip. */
  reference: string;
  bank: { name: string; number: string; holder: string } | null;
  portalUrl: string;
}): Mail {
  const overdue = input.overdue ?? [];
  const when = input.daysLeft === 0 ? 'vence hoy' : input.daysLeft === 1 ? 'vence mañana' : `vence en ${input.daysLeft} días`;
  const paragraphs = [
    `Hola, ${input.contactName}:`,
    `Te recordamos que el ${input.paymentTitle.toLowerCase()} de ${input.graduateName} (${input.description}) ${when}, el ${input.dueDate}.`,
    input.owed !== null
      ? `Monto pendiente de este pago: ${formatQuetzales(input.owed)}.`
      : 'Monto por definir: el comité aún no define el monto de este pago.',
    ...(overdue.length > 0
      ? [
          `Además tienes ${formatQuetzales(overdue.reduce((sum, item) => sum + item.balance, 0))} vencidos: ` +
            `${listInSpanish(overdue.map((item) => `${item.title} ${formatQuetzales(item.balance)}`))}.`,
        ]
      : []),
    ...(input.bank
      ? [
          `Deposita en ${input.bank.name}, cuenta ${input.bank.number}${input.bank.holder ? ` a nombre de ${input.bank.holder}` : ''}, y escribe la referencia ${input.reference} en la boleta.`,
        ]
      : [`Escribe la referencia ${input.reference} en la boleta de depósito.`]),
    input.owed !== null
      ? 'Todavía no tenemos registrado el pago completo. Si ya pagaste, sube tu comprobante en el portal para que el comité lo revise; si ya lo subiste, no necesitas hacer nada más.'
      : 'Cuando el comité defina el monto lo verás en «Pagos», en el portal.',
  ];
  const action = { label: 'Subir mi comprobante', url: input.portalUrl };
  return {
    subject: `Recordatorio: ${input.paymentTitle} ${when} · Class of ${input.classYear}`,
    text: `${paragraphs.join('\n\n')}\n\n${action.label}: ${action.url}\n`,
    html: layout(input.classYear, paragraphs, action),
  };
}

/** What the committee did with the family's money (a receipt verified or rejected, a deposit found, a credit reversed), one event or several. */
export function moneyMail(input: {
  contactName: string;
  graduateName: string;
  classYear: number;
  /**
   * What happened, in the order it happened: each with the payment and the amount, what the
   * committee wrote to the family (a rejection, a reversal), when it wrote something, and the
   * sentence naming the credit's receipt ('Tu recibo: 2026-0142. ...'). A family's e-mail has no
   * place for the committee's internal reason (decisions item 25).
   */
  events: Array<{ what: string; message?: string | null; receipt?: string | null }>;
  /** Where each payment stands and what was received ('Tus pagos: Primer Pago, Pagado; ...'), when the e-mail tells it. */
  payments?: string;
  /** 'Saldo pendiente: Q2,950.', 'Saldo a favor: Q450.', 'Estás al día por ahora; …' or 'Estás al día con tus pagos.' */
  balance: string;
  subject: string;
  portalUrl: string;
}): Mail {
  const [only] = input.events;
  // One event reads as it always has; several are one paragraph each, under one balance.
  const told =
    input.events.length === 1
      ? [
          `${only!.what} (${input.graduateName}).`,
          ...(only!.message ? [`Mensaje del comité: ${only!.message}`] : []),
          ...(only!.receipt ? [only!.receipt] : []),
        ]
      : [
          `Estos son los movimientos de tu cuenta (${input.graduateName}):`,
          ...input.events.map((event) =>
            [`${event.what}.`, event.receipt, event.message ? `Mensaje del comité: ${event.message}` : null].filter(Boolean).join(' '),
          ),
          ...(input.events.some((event) => event.receipt) ? ['Puedes ver e imprimir tus recibos en el portal, en Pagos.'] : []),
        ];
  const paragraphs = [`Hola, ${input.contactName}:`, ...told, ...(input.payments ? [input.payments] : []), input.balance];
  const action = { label: 'Ver mis pagos', url: input.portalUrl };
  return {
    subject: `${input.subject} · Class of ${input.classYear}`,
    text: `${paragraphs.join('\n\n')}\n\n${action.label}: ${action.url}\n`,
    html: layout(input.classYear, paragraphs, action),
  };
}

/** The committee answered a family's question about its books ('Cuentas del comité'). */
export function questionAnsweredMail(input: {
  contactName: string;
  classYear: number;
  /** 'Gasto #12 · Salón · Q3,500'. */
  expense: string;
  question: string;
  answer: string;
  portalUrl: string;
}): Mail {
  const paragraphs = [
    `Hola, ${input.contactName}:`,
    `El comité respondió la pregunta de tu familia sobre ${input.expense}.`,
    `Tu pregunta: ${input.question}`,
    `Respuesta del comité: ${input.answer}`,
    'La respuesta también queda en «Cuentas del comité», donde la leen todas las familias (sin tu nombre).',
  ];
  const action = { label: 'Ver las cuentas del comité', url: input.portalUrl };
  return {
    subject: `El comité respondió tu pregunta · Class of ${input.classYear}`,
    text: `${paragraphs.join('\n\n')}\n\n${action.label}: ${action.url}\n`,
    html: layout(input.classYear, paragraphs, action),
  };
}

/** To each admin with an e-mail, at most once a day: the families' questions still unanswered. */
export function unansweredQuestionsMail(input: {
  name: string;
  classYear: number;
  questions: Array<{ expense: string; question: string; askedOn: string }>;
  portalUrl: string;
}): Mail {
  const count = input.questions.length;
  const heading = count === 1 ? '1 pregunta sin responder' : `${count} preguntas sin responder`;
  const paragraphs = [
    `Hola, ${input.name}:`,
    `Las familias tienen ${count === 1 ? 'una pregunta' : `${count} preguntas`} sin responder sobre las cuentas del comité:`,
    ...input.questions.map((item) => `${item.expense} (${item.askedOn}): ${item.question}`),
    'La respuesta la leen todas las familias; la familia que preguntó recibe un aviso.',
  ];
  const action = { label: 'Responder en Cuentas del Comité', url: input.portalUrl };
  return {
    subject: `${heading} · Class of ${input.classYear}`,
    text: `${paragraphs.join('\n\n')}\n\n${action.label}: ${action.url}\n`,
    html: layout(input.classYear, paragraphs, action),
  };
}

/** To the admins: the backup service's last run failed and the last good copy is older. */
export function backupFailedMail(input: {
  classYear: number;
  failedAt: string;
  error: string;
  lastGood: string | null;
  portalUrl: string;
}): Mail {
  const paragraphs = [
    'Hola:',
    `La copia de seguridad de los datos del portal falló el ${input.failedAt}: ${input.error}`,
    input.lastGood ? `La última copia buena es del ${input.lastGood}.` : 'Todavía no hay ninguna copia buena.',
    'Quien administra el servidor debe revisarlo (docs/deployment.md, «Copias de seguridad»): mientras tanto, los datos nuevos no tienen copia.',
  ];
  const action = { label: 'Abrir el panel', url: input.portalUrl };
  return {
    subject: `La copia de seguridad falló · Class of ${input.classYear}`,
    text: `${paragraphs.join('\n\n')}\n\n${action.label}: ${action.url}\n`,
    html: layout(input.classYear, paragraphs, action),
  };
}
