import { Controller, Get, NotFoundException, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { User } from '@portal/contracts';
import { CurrentUser, Public } from '../common/auth.decorators';
import { Database } from '../database/database.service';
import { FamilyStore, type FamilyRecord } from '../families/family.store';
import { SettingsStore } from '../settings/settings.store';
import { familyOfToken } from './unsubscribe';
import { recordChange } from '../history/record';
import { noticeEmailsChange } from './notice-emails-change';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** A page of its own (no scripts, one <style> element, which the CSP allows). */
function page(classYear: number, title: string, paragraphs: string[], form = false): string {
  const button = form
    ? `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Dejar de recibir los avisos por correo</button></form>`
    : '';
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Class of ${classYear}</title>
<style>body{font-family:Arial,sans-serif;color:#1f2937;line-height:1.5;max-width:36rem;margin:3rem auto;padding:0 1rem}
button{background:#1e3a8a;color:#fff;border:0;border-radius:6px;padding:10px 16px;font-size:1rem;cursor:pointer}</style></head>
<body><p>Class of ${classYear}</p><h1>${escapeHtml(title)}</h1>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${button}
</body></html>`;
}

export const UNSUBSCRIBE_MESSAGES = { notFound: 'Este enlace para dejar de recibir los avisos por correo no es válido.' } as const;

const BACK_ON = 'Puedes volver a recibirlos cuando quieras desde el portal, en «Mi cuenta».';
const REMINDERS = 'Los recordatorios de pago y los correos de tu cuenta siguen llegando.';

/**
 * The link in every e-mailed notice. GET shows a page with a button and changes nothing (mail
 * scanners open links); POST, the button's or a mail provider's one-click (RFC 8058), turns the
 * family's notice e-mails off. Neither needs a session; the link's signature names the family.
 */
@Public()
@Controller('unsubscribe')
export class UnsubscribeController {
  constructor(
    private readonly db: Database,
    private readonly families: FamilyStore,
    private readonly settings: SettingsStore,
  ) {}

  @Get(':token')
  async confirm(@Param('token') token: string, @Res() reply: FastifyReply): Promise<void> {
    const { classYear, family } = await this.family(token);
    if (family.noticeEmailsOff) {
      return this.send(reply, 200, page(classYear, 'Ya no recibes los avisos por correo', [BACK_ON]));
    }
    return this.send(
      reply,
      200,
      page(
        classYear,
        '¿Dejar de recibir los avisos por correo?',
        ['Los avisos del comité seguirán en el portal, en «Notificaciones».', REMINDERS],
        true,
      ),
    );
  }

  @Post(':token')
  async unsubscribe(@Param('token') token: string, @CurrentUser() visitor: User | null, @Res() reply: FastifyReply): Promise<void> {
    const { classYear, family } = await this.family(token);
    await this.db.write(async (manager) => {
      if (await this.families.setNoticeEmailsOff(manager, family.id, true))
        await recordChange(manager, visitor, await noticeEmailsChange(manager, family.id, false));
    });
    return this.send(reply, 200, page(classYear, 'Listo: ya no recibirás los avisos por correo', [REMINDERS, BACK_ON]));
  }

  /** A link that is not one of ours (or whose family was deleted) is a 404 like any other. */
  private async family(token: string): Promise<{ classYear: number; family: FamilyRecord }> {
    const settings = await this.settings.columns(['classYear', 'mailSecret']);
    const familyId = settings.mailSecret ? familyOfToken(settings.mailSecret, token) : null;
    const family = familyId === null ? null : await this.families.byId(familyId);
    if (!family) throw new NotFoundException(UNSUBSCRIBE_MESSAGES.notFound);
    return { classYear: settings.classYear, family };
  }

  private send(reply: FastifyReply, status: number, html: string): void {
    void reply.status(status).type('text/html; charset=utf-8').send(html);
  }
}
