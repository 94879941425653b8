import { useId, useState } from 'react';
import type { ReadableClass, User } from '@portal/contracts';
import { useMyClasses, useViewClass } from '@portal/api-client/my-classes';
import { errorMessage } from '@portal/api-client/request';
import { forgetDeviceData } from '@portal/auth/device-data';
import { homeFor } from '@portal/auth/home';
import { Button } from '@portal/ui/button';
import { toast } from '@portal/ui/toast';
import { texts } from '../texts';
import { reloadAt } from './reload';

const t = texts.classes;

/** Admins and parents belong to classes; a door account reads only its gala. */
const readsClasses = (user: User | null): user is User => user?.role === 'admin' || user?.role === 'parent';

/**
 * The classes the signed-in account can read, asked once the session is known (never before the
 * first screen), and the change of class: the API's cookie, then the role's home loaded afresh, so
 * no answer about the class shown before survives in any cache.
 */
function useClassSwitch(user: User | null, onFailed?: () => void) {
  const { data } = useMyClasses(readsClasses(user));
  const view = useViewClass({
    onSuccess: async () => {
      // What this phone kept for offline reading was about the class shown before.
      await forgetDeviceData();
      if (user) reloadAt(homeFor(user.role));
    },
    onError: (error) => {
      onFailed?.();
      toast({ title: t.failed, description: errorMessage(error), variant: 'destructive' });
    },
  });
  const classes: ReadableClass[] = readsClasses(user) && Array.isArray(data) ? data : [];
  return { classes, viewing: classes.find((one) => one.viewing), current: classes.find((one) => one.current), view };
}

/** 'Promoción': in the nav when the account can read more than one class. */
export function ClassSwitch({ user }: { user: User | null }) {
  const id = useId();
  // The class chosen, shown while the page changes (or until the API refuses it).
  const [chosen, setChosen] = useState<number | null>(null);
  const { classes, viewing, view } = useClassSwitch(user, () => setChosen(null));
  if (classes.length < 2) return null;
  return (
    <span className="shell-nav__classes">
      <label htmlFor={id}>{t.label}</label>
      <select
        id={id}
        className="ui-input"
        value={chosen ?? viewing?.id ?? ''}
        disabled={view.isPending}
        onChange={(event) => {
          const classId = Number(event.target.value);
          if (classId === viewing?.id) return;
          setChosen(classId);
          void view.run({ classId });
        }}
      >
        {classes.map((one) => (
          <option key={one.id} value={one.id}>
            {t.option(one.year)}
          </option>
        ))}
      </select>
    </span>
  );
}

/** On every page while the browser shows an archived class: it is read-only, and the way back. */
export function ArchivedClassBanner({ user }: { user: User | null }) {
  const { viewing, current, view } = useClassSwitch(user);
  if (!viewing || !current || viewing.current) return null;
  return (
    <div className="shell-archived" role="status">
      <p>{t.archived(viewing.name)}</p>
      <Button size="sm" variant="outline" pending={view.isPending} onClick={() => void view.run({ classId: current.id })}>
        {t.back(current.name)}
      </Button>
    </div>
  );
}
