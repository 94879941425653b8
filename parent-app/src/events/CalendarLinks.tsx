// The events in the phone's calendar: one event at a time ('Agregar a mi calendario', an .ics
// download), or all of them through a personal subscription link that updates itself. The
// calendar files are made by the API: nothing here adds to the bundle but a few links.
import { useState } from 'react';
import { CalendarDays, CalendarPlus, Copy } from 'lucide-react';
import type { GraduationEvent, MyCalendarLinks } from '@portal/contracts';
import { eventCalendarUrl, useCreateMyCalendar, useMyCalendar, useRevokeMyCalendar } from '@portal/api-client/calendar';
import { useRetryFailed } from '@portal/api-client/refresh';
import { errorMessage } from '@portal/api-client/request';
import { formatDateNumeric } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { LoadFailed } from '@portal/ui/load-failed';
import { Skeleton } from '@portal/ui/skeleton';
import { toast } from '@portal/ui/toast';
import { parentToasts } from '../common/parent-toasts';
import { texts } from '../texts';
import { calendarTexts as t } from './calendar-texts';

/** On an event's card: the browser downloads the event; the phone offers to add it. */
export function AddToCalendarLink({ event }: { event: Pick<GraduationEvent, 'id' | 'titulo'> }) {
  return (
    <a className="parent-event__share" href={eventCalendarUrl(event.id)} aria-label={t.addLabel(event.titulo)}>
      <CalendarPlus size={16} aria-hidden="true" />
      {t.add}
    </a>
  );
}

async function copyLink(url: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('No Clipboard API');
    await navigator.clipboard.writeText(url);
    toast({ title: t.copied, description: t.copiedText });
  } catch {
    toast({ title: t.copyFailed, description: t.copyFailedText, variant: 'destructive' });
  }
}

/** 'Calendario del teléfono': subscribe, open or copy the new link (shown once), or revoke it. */
export function PhoneCalendarCard() {
  const { data, error } = useMyCalendar();
  const retryFailed = useRetryFailed();
  const [links, setLinks] = useState<MyCalendarLinks | null>(null);
  const [confirming, setConfirming] = useState(false);
  const create = useCreateMyCalendar(parentToasts({ success: t.created, failure: t.failed, onSuccess: setLinks }));
  const revoke = useRevokeMyCalendar(
    parentToasts({
      success: t.revoked,
      failure: t.failed,
      onSuccess: () => {
        setLinks(null);
        setConfirming(false);
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <CalendarDays size={20} aria-hidden="true" className="parent-inline-icon" /> {t.title}
        </CardTitle>
        <CardDescription>{t.lead}</CardDescription>
      </CardHeader>
      <CardContent className="parent-calendar">
        {!data ? (
          error ? (
            <LoadFailed onRetry={retryFailed}>
              {texts.loadFailed} {errorMessage(error)}
            </LoadFailed>
          ) : (
            <Skeleton height="2.75rem" />
          )
        ) : links ? (
          <>
            <div className="parent-calendar__actions">
              <a className="ui-button ui-button--primary ui-button--md" href={links.webcalUrl}>
                <CalendarPlus size={16} aria-hidden="true" />
                {t.open}
              </a>
              <Button variant="outline" onClick={() => void copyLink(links.url)}>
                <Copy size={16} aria-hidden="true" />
                {t.copy}
              </Button>
            </div>
            <p className="parent-calendar__link">{links.url}</p>
            <p className="parent-muted">{t.linkNote}</p>
          </>
        ) : data.active ? (
          <>
            {data.createdAt && <p>{t.subscribed(formatDateNumeric(data.createdAt))}</p>}
            <Button variant="outline" pending={create.isPending} onClick={() => void create.run(undefined)}>
              {t.newLink}
            </Button>
          </>
        ) : (
          <Button pending={create.isPending} onClick={() => void create.run(undefined)}>
            {t.subscribe}
          </Button>
        )}
        {data?.active && (
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            {t.revoke}
          </Button>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.revokeTitle}
        description={t.revokeText}
        confirmLabel={t.revoke}
        pending={revoke.isPending}
        onConfirm={() => void revoke.run(undefined)}
      />
    </Card>
  );
}
