import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from '@portal/ui/router';
import { PanelLayout } from '@portal/ui/panel-layout';
import { Spinner } from '@portal/ui/spinner';
import './admin.css';
import { ADMIN_SECTION_ALIASES, ADMIN_SECTIONS, useAdminSections } from './sections';
import { texts } from './texts';

const BASE = '/admin';

function SectionHeader() {
  const { pathname } = useLocation();
  const path = pathname.slice(BASE.length).replace(/^\/|\/$/g, '');
  const section = ADMIN_SECTIONS.find((candidate) => candidate.path === path) ?? ADMIN_SECTIONS[0]!;
  return (
    <>
      <h1>{section.label}</h1>
      <p>{section.subtitle}</p>
    </>
  );
}

/** An old path of a section: replaced in the history by the section's path, with its query and hash. */
function MovedSection({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: `${BASE}/${to}`, search, hash }} replace />;
}

/** The admin panel, mounted by the shell at /admin/*. */
export default function App() {
  const sections = useAdminSections();
  return (
    <PanelLayout
      base={BASE}
      menuLabel={texts.menu}
      sections={sections}
      footer={texts.version(__BUILD_ID__)}
      phoneMenu="drawer"
      header={<SectionHeader />}
    >
      <Suspense fallback={<Spinner size="lg" label="Cargando..." />}>
        <Routes>
          {ADMIN_SECTIONS.map(({ path, Component }) => (
            <Route key={path} index={!path} path={path || undefined} element={<Component />} />
          ))}
          {Object.entries(ADMIN_SECTION_ALIASES).map(([from, to]) => (
            <Route key={from} path={from} element={<MovedSection to={to} />} />
          ))}
          <Route path="*" element={<Navigate to={BASE} replace />} />
        </Routes>
      </Suspense>
    </PanelLayout>
  );
}
