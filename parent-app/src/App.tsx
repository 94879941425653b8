import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from '@portal/ui/router';
import { useMyFamily } from '@portal/api-client/my-family';
import { useUser } from '@portal/api-client/session';
import { PanelLayout } from '@portal/ui/panel-layout';
import { Spinner } from '@portal/ui/spinner';
import { FamilyContext } from './family/family-context';
import { FamilyGate } from './family/FamilyGate';
import './parent.css';
import { PARENT_SECTIONS, useParentSections } from './sections';
import { texts } from './texts';

const BASE = '/parent';

/** A credit's receipt, opened from 'Pagos' as a page of its own (to print): its own chunk. */
const CreditReceiptPage = lazy(() => import('./payments/credit-receipts/CreditReceiptPage'));

function Header() {
  const { user } = useUser();
  const { data: family } = useMyFamily();
  return (
    <>
      <h1>{texts.welcome(user?.name ?? '')}</h1>
      {family && <p>{texts.graduate(family.graduateName)}</p>}
    </>
  );
}

/** The parents' portal, mounted by the shell at /parent/*. */
export default function App() {
  const sections = useParentSections();
  return (
    <PanelLayout
      base={BASE}
      menuLabel={texts.menu}
      sections={sections}
      footer={texts.version(__BUILD_ID__)}
      phoneMenu="bottom-bar"
      header={<Header />}
    >
      <FamilyGate>
        {(family) => (
          <FamilyContext.Provider value={family}>
            <Suspense fallback={<Spinner size="lg" label="Cargando..." />}>
              <Routes>
                {PARENT_SECTIONS.map(({ path, Component }) => (
                  <Route key={path} index={!path} path={path || undefined} element={<Component />} />
                ))}
                <Route path="pagos/recibos/:id" element={<CreditReceiptPage />} />
                <Route path="*" element={<Navigate to={BASE} replace />} />
              </Routes>
            </Suspense>
          </FamilyContext.Provider>
        )}
      </FamilyGate>
    </PanelLayout>
  );
}
