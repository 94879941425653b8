// The Spanish e-mails the portal sends: a plain-text body and an HTML one for each.

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

export function verifyEmailMail(input: { name: string; link: string; classYear: number; hours: number }): Mail {
  const paragraphs = [
    `Hola, ${input.name}:`,
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

export function resetPasswordMail(input: { name: string; link: string; classYear: number; minutes: number }): Mail {
  const paragraphs = [
    `Hola, ${input.name}:`,
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
