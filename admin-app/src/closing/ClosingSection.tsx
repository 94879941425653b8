import { useId, useState, type FormEvent } from 'react';
import { Link } from '@portal/ui/router';
import { Check, Flag, X } from 'lucide-react';
import { BALANCE_DESTINATIONS, type BalanceDestination, type ClassView, type ClosingItem, type FrozenReport } from '@portal/contracts';
import { classWorkbookUrl, useApproveClosing, useClassView, useProposeClosing, useRejectClosing } from '@portal/api-client/classes';
import { useMyClasses } from '@portal/api-client/my-classes';
import { useUser } from '@portal/api-client/session';
import { formatDateTime, formatDayNumeric, formatLedgerAmount } from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { adminToasts } from '../common/admin-toasts';
import { ExportButton } from '../common/ExportButton';
import { QueryState } from '../common/QueryState';
import { SectionFrame } from '../common/SectionFrame';
import { closingTexts as t } from './closing-texts';
import { FamiliesAccessCard } from './FamiliesAccessCard';
import { NewClassCard } from './NewClassCard';
import './closing.css';

/** The checklist, with a reason to waive each open item (kept by the proposal form). */
function Checklist({
  view,
  reasons,
  setReason,
}: {
  view: ClassView;
  reasons: Partial<Record<ClosingItem, string>>;
  setReason: (item: ClosingItem, reason: string) => void;
}) {
  const id = useId();
  const editable = view.schoolClass.state === 'activa';
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.checklist.title}</CardTitle>
        <CardDescription>{t.checklist.help}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="closing-checklist">
          {view.checklist.map((check) => (
            <li key={check.item} className="closing-check" data-testid={`closing-check-${check.item}`}>
              <span className={check.done ? 'closing-check__mark closing-check__mark--done' : 'closing-check__mark'} aria-hidden="true">
                {check.done ? <Check size={16} /> : <X size={16} />}
              </span>
              <span className="closing-check__what">
                <strong>{t.checklist.items[check.item]}</strong>
                <span>{check.detail}</span>
                {!check.done && (
                  <Link className="closing-check__link" to={`/admin/${check.section}`}>
                    {t.checklist.go}
                  </Link>
                )}
              </span>
              {!check.done && editable && (
                <span className="closing-check__waive">
                  <Field id={`${id}-${check.item}`} label={t.checklist.waive} hint={t.checklist.waiveHint}>
                    <Input
                      id={`${id}-${check.item}`}
                      value={reasons[check.item] ?? ''}
                      maxLength={300}
                      onChange={(event) => setReason(check.item, event.target.value)}
                    />
                  </Field>
                </span>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function ProposalForm({ view, reasons }: { view: ClassView; reasons: Partial<Record<ClosingItem, string>> }) {
  const id = useId();
  const [destination, setDestination] = useState<BalanceDestination>('familias');
  const [acta, setActa] = useState('');
  const [readUntil, setReadUntil] = useState(`${view.schoolClass.year + 1}-03-31`);
  const propose = useProposeClosing(adminToasts({ success: t.proposal.proposed, failure: t.proposal.failed }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const waivers = view.checklist
      .filter((check) => !check.done && (reasons[check.item] ?? '').trim() !== '')
      .map((check) => ({ item: check.item, reason: reasons[check.item]!.trim() }));
    void propose.run({ destination, acta, familiesReadUntil: readUntil, waivers });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.proposal.title}</CardTitle>
        <CardDescription>{t.proposal.help(view.balance)}</CardDescription>
      </CardHeader>
      <CardContent>
        {view.adminCount < 2 && (
          <p className="closing-warning" role="alert">
            {t.proposal.singleAdmin}
          </p>
        )}
        <form className="admin-form" onSubmit={submit}>
          <fieldset className="closing-destinations">
            <legend>{t.proposal.destination}</legend>
            {BALANCE_DESTINATIONS.map((value) => (
              <label key={value} className="ui-checkbox">
                <input
                  type="radio"
                  name={`${id}-destination`}
                  value={value}
                  checked={destination === value}
                  onChange={() => setDestination(value)}
                />
                {t.proposal.destinations[value]}
              </label>
            ))}
          </fieldset>
          <Field id={`${id}-acta`} label={t.proposal.acta} hint={t.proposal.actaHint}>
            <textarea
              id={`${id}-acta`}
              className="ui-input ui-textarea"
              required
              maxLength={2000}
              value={acta}
              onChange={(event) => setActa(event.target.value)}
            />
          </Field>
          <Field id={`${id}-until`} label={t.proposal.readUntil}>
            <Input id={`${id}-until`} type="date" required value={readUntil} onChange={(event) => setReadUntil(event.target.value)} />
          </Field>
          <Button type="submit" pending={propose.isPending}>
            <Flag size={16} aria-hidden="true" /> {t.proposal.submit}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** The pending proposal: the others approve or reject it, its author waits or withdraws it. */
function PendingClosing({ view }: { view: ClassView }) {
  const { user } = useUser();
  const [confirming, setConfirming] = useState(false);
  const approve = useApproveClosing(
    adminToasts({ success: t.pending.approved, failure: t.pending.failed, onSuccess: () => setConfirming(false) }),
  );
  const reject = useRejectClosing(adminToasts({ success: t.pending.rejected, failure: t.pending.failed }));
  const closing = view.closings.find((one) => one.state === 'pendiente');
  if (!closing) return null;
  const mine = closing.proposedById === user?.id;
  return (
    <Card data-testid="closing-pending">
      <CardHeader>
        <CardTitle>{t.pending.title}</CardTitle>
        <CardDescription>{t.pending.by(closing.proposedBy, formatDateTime(closing.proposedAt))}</CardDescription>
      </CardHeader>
      <CardContent className="closing-pending">
        <p>
          <strong>{t.proposal.destinations[closing.destination]}</strong> · {formatLedgerAmount(closing.balance)}
        </p>
        <p>
          {t.report.acta}: {closing.acta}
        </p>
        <p>
          {t.proposal.readUntil}: {formatDayNumeric(closing.familiesReadUntil)}
        </p>
        {closing.waivers.length > 0 && (
          <>
            <h3 className="closing-subtitle">{t.pending.waived}</h3>
            <ul>
              {closing.waivers.map((waiver) => (
                <li key={waiver.item}>
                  <strong>{t.checklist.items[waiver.item]}:</strong> {waiver.reason}
                </li>
              ))}
            </ul>
          </>
        )}
        {mine && <p className="closing-muted">{t.pending.waiting}</p>}
        <div className="closing-actions">
          {!mine && (
            <Button onClick={() => setConfirming(true)}>
              <Check size={16} aria-hidden="true" /> {t.pending.approve}
            </Button>
          )}
          <Button variant="outline" pending={reject.isPending} onClick={() => void reject.run(closing.id)}>
            <X size={16} aria-hidden="true" /> {mine ? t.pending.withdraw : t.pending.reject}
          </Button>
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t.pending.approve}
          description={t.pending.confirm(view.schoolClass.name)}
          confirmLabel={t.pending.approve}
          pending={approve.isPending}
          onConfirm={() => void approve.run(closing.id)}
        />
      </CardContent>
    </Card>
  );
}

/** The frozen report: what families read, with the hash of its workbook and, when it goes back to them, each family's share. */
export function FrozenReportCard({ report, readUntil }: { report: FrozenReport; readUntil: string | null }) {
  return (
    <Card data-testid="closing-report">
      <CardHeader>
        <CardTitle>{t.report.title}</CardTitle>
        <CardDescription>{t.report.closed(formatDateTime(report.closedAt), report.proposedBy, report.approvedBy)}</CardDescription>
      </CardHeader>
      <CardContent className="closing-report">
        <dl className="closing-figures">
          {report.totals.opening > 0 && (
            <div>
              <dt>{t.report.opening}</dt>
              <dd>{formatLedgerAmount(report.totals.opening)}</dd>
            </div>
          )}
          <div>
            <dt>{t.report.received}</dt>
            <dd>{formatLedgerAmount(report.totals.received)}</dd>
          </div>
          <div>
            <dt>{t.report.spent}</dt>
            <dd>{formatLedgerAmount(report.totals.spent)}</dd>
          </div>
          <div>
            <dt>{t.report.given(t.proposal.destinations[report.destination])}</dt>
            <dd>{formatLedgerAmount(report.balanceGiven)}</dd>
          </div>
        </dl>
        <p>
          {t.report.acta}: {report.acta}
        </p>
        {readUntil && <p>{t.report.readUntil(formatDayNumeric(readUntil))}</p>}
        <p className="closing-hash">
          {t.report.hash}: <code data-testid="closing-hash">{report.sha256}</code>
        </p>
        <p className="closing-muted">{t.report.hashHelp}</p>
        <span>
          <ExportButton url={classWorkbookUrl} fileName={t.report.fileName(report.className)} label={t.report.download} />
        </span>
        {report.shares.length > 0 && (
          <>
            <h3 className="closing-subtitle">{t.report.shares}</h3>
            <table className="closing-table">
              <thead>
                <tr>
                  <th scope="col">{t.report.family}</th>
                  <th scope="col">{t.report.paid}</th>
                  <th scope="col">{t.report.share}</th>
                </tr>
              </thead>
              <tbody>
                {report.shares.map((share) => (
                  <tr key={share.familyId}>
                    <td>{share.graduateName}</td>
                    <td>{formatLedgerAmount(share.paid)}</td>
                    <td>{formatLedgerAmount(share.share)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** 'Cierre de la Promoción' (docs/classes.md): the checklist, the proposal, a second admin's decision, the frozen report. */
export default function ClosingSection() {
  const { data: view, isLoading, error } = useClassView();
  // The next class opens from the current class, closed; not while this browser reads an archived one.
  const { data: classes } = useMyClasses(true);
  const viewing = Array.isArray(classes) ? classes.find((one) => one.viewing) : undefined;
  const [reasons, setReasons] = useState<Partial<Record<ClosingItem, string>>>({});
  return (
    <SectionFrame>
      <QueryState isLoading={isLoading} error={error}>
        {view && (
          <div className="closing-layout">
            <p className="closing-class">
              <strong>{view.schoolClass.name}</strong>{' '}
              <Badge
                variant={view.schoolClass.state === 'cerrada' ? 'outline' : view.schoolClass.state === 'activa' ? 'success' : 'warning'}
              >
                {t.states[view.schoolClass.state]}
              </Badge>
            </p>
            {view.report ? (
              <>
                <FrozenReportCard report={view.report} readUntil={view.schoolClass.familiesReadUntil} />
                {view.schoolClass.state === 'cerrada' && viewing?.current && viewing.id === view.schoolClass.id && (
                  <NewClassCard closed={view.schoolClass} />
                )}
              </>
            ) : (
              <>
                <Checklist view={view} reasons={reasons} setReason={(item, reason) => setReasons((all) => ({ ...all, [item]: reason }))} />
                {view.schoolClass.state === 'activa' ? <ProposalForm view={view} reasons={reasons} /> : <PendingClosing view={view} />}
              </>
            )}
            {/* The families' day of every closed class; writes go to the current class's API only. */}
            {viewing?.current && <FamiliesAccessCard />}
          </div>
        )}
      </QueryState>
    </SectionFrame>
  );
}
