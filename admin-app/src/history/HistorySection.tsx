import { useState } from 'react';
import { HISTORY_ENTITIES, type HistoryEntity } from '@portal/contracts';
import { historyWorkbookUrl, type HistoryFilters } from '@portal/api-client/history';
import { useFamilies } from '@portal/api-client/families';
import { Card } from '@portal/ui/card';
import { Input } from '@portal/ui/input';
import { todayInGuatemala } from '@portal/format';
import { ExportButton } from '../common/ExportButton';
import { HistoryTable } from '../common/HistoryTable';
import { historyTexts as t } from '../common/history-texts';

/** 'Historial': every change made through the portal, newest first, with what it was before. */
export default function HistorySection() {
  const { data: families } = useFamilies();
  const [entity, setEntity] = useState<HistoryEntity | ''>('');
  const [familyId, setFamilyId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filters: HistoryFilters = { entity, familyId: familyId ? Number(familyId) : '', from, to };

  return (
    <section className="admin-section">
      <div className="admin-history__filters">
        <label>
          {t.filters.entity}{' '}
          <select value={entity} onChange={(event) => setEntity(event.target.value as HistoryEntity | '')}>
            <option value="">{t.filters.allEntities}</option>
            {HISTORY_ENTITIES.map((value) => (
              <option key={value} value={value}>
                {t.entities[value]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.filters.family}{' '}
          <select value={familyId} onChange={(event) => setFamilyId(event.target.value)}>
            <option value="">{t.filters.allFamilies}</option>
            {families?.map((family) => (
              <option key={family.id} value={family.id}>
                {family.graduateName}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.filters.from} <Input type="date" value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label>
          {t.filters.to} <Input type="date" value={to} min={from || undefined} onChange={(event) => setTo(event.target.value)} />
        </label>
        <ExportButton url={historyWorkbookUrl(filters)} fileName={`historial-${todayInGuatemala()}.xlsx`} label={t.export} />
      </div>
      <Card>
        <HistoryTable key={JSON.stringify(filters)} filters={filters} />
      </Card>
    </section>
  );
}
