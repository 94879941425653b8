import { lazy, Suspense, useState } from 'react';
import { Skeleton } from '@portal/ui/skeleton';
import { galaTexts as t } from './gala-texts';
import './gala.css';

const GalaPlanView = lazy(() => import('./GalaPlanView'));
// The door's screen (and its QR decoder) downloads only when the door is opened.
const CheckInView = lazy(() => import('./CheckInView'));
const DoorAccessCard = lazy(() => import('./DoorAccessCard').then((module) => ({ default: module.DoorAccessCard })));

/** 'Fiesta de Graduación': the seating plan, and the door on the night. */
export default function GalaSection() {
  const [tab, setTab] = useState<'plan' | 'door'>('plan');
  return (
    <section className="admin-section gala">
      <div className="gala-tabs" role="tablist">
        {(['plan', 'door'] as const).map((name) => (
          <button key={name} type="button" role="tab" aria-selected={tab === name} className="gala-tab" onClick={() => setTab(name)}>
            {t.tabs[name]}
          </button>
        ))}
      </div>
      <Suspense fallback={<Skeleton height={240} />}>
        {tab === 'plan' ? (
          <GalaPlanView />
        ) : (
          <>
            <CheckInView canUndo />
            <DoorAccessCard />
          </>
        )}
      </Suspense>
    </section>
  );
}
