import { useEffect, useState } from 'react';
import type { GalaPass } from '@portal/contracts';
import { Card } from '@portal/ui/card';
import { Spinner } from '@portal/ui/spinner';
import { galaTexts as t } from './gala-texts';
import { loadPass, storedPass } from './pass-storage';

/** The QR of the pass's token (the qrcode library comes with this chunk only). */
function PassCode({ pass }: { pass: GalaPass }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ toString }) =>
      toString(pass.token, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((markup) => live && setSvg(markup)),
    );
    return () => {
      live = false;
    };
  }, [pass.token]);
  if (!svg) return <Spinner />;
  // The library's own SVG markup of a code made here from our token: no outside text in it.
  return <div className="gala-qr" role="img" aria-label={t.pass.qr(pass.graduateName)} dangerouslySetInnerHTML={{ __html: svg }} />;
}

/** The entry pass: the QR and the table numbers in large text, kept on the phone. */
export default function EntryPass() {
  const [state, setState] = useState<{ pass: GalaPass; offline: boolean } | null | 'loading'>(() => {
    const kept = storedPass();
    return kept ? { pass: kept, offline: false } : 'loading';
  });
  useEffect(() => {
    void loadPass().then(setState);
  }, []);
  if (state === 'loading') return <Spinner />;
  if (!state) return <p role="alert">{t.pass.unavailable}</p>;
  const { pass, offline } = state;
  return (
    <Card className="gala-pass">
      <h2>{t.pass.title}</h2>
      <p className="gala-pass__family">{pass.graduateName}</p>
      <PassCode pass={pass} />
      {pass.tables.length > 0 && <p className="gala-pass__tables">{t.tables.numbers(pass.tables)}</p>}
      <p className="gala-pass__hint">{offline ? t.pass.offline : t.pass.hint}</p>
    </Card>
  );
}
