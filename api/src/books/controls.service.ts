import { ConflictException, ForbiddenException, Injectable, Module, NotFoundException } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Not, type EntityManager } from 'typeorm';
import type { BooksSettingsInput, ControlChange, ControlKind, Settings, User } from '@portal/contracts';
import { DEFAULT_APPROVAL_THRESHOLD } from '@portal/contracts';
import { formatQuetzales, toCentavos, toQuetzales } from '@portal/format';
import { Database } from '../database/database.service';
import { findLocked } from '../database/lock-order';
import { recordChange } from '../history/record';
import { SettingsStore, SettingsStoreModule } from '../settings/settings.store';
import { UsersModule } from '../users/users.module';
import { UsersService } from '../users/users.service';
import { BOOKS_MESSAGES } from './books.messages';
import { ControlChangeEntity } from './control-change.entity';
import { BooksSettingsEntity } from './holding.entity';

/** The bank account families are shown (the receipts phone is not part of it: it moves no money). */
export type BankAccount = Pick<Settings['bank'], 'bankName' | 'accountNumber' | 'accountHolder'>;
export const BANK_ACCOUNT_FIELDS = ['bankName', 'accountNumber', 'accountHolder'] as const;
export const bankAccountOf = (bank: Settings['bank']): BankAccount => ({
  bankName: bank.bankName.trim(),
  accountNumber: bank.accountNumber.trim(),
  accountHolder: bank.accountHolder.trim(),
});

export interface ControlsInForce {
  /** Centavos. */
  threshold: number;
  required: boolean;
}

type ControlValue = number | boolean | BankAccount;

const NAMES: Record<ControlKind, string> = {
  threshold: 'Monto que requiere segunda aprobación',
  approval: 'Segunda aprobación de gastos',
  bank: 'Cuenta para depósitos',
};

/** A control's value as people read it: 'Q1,000', 'Sí', 'Banco Industrial · 000-000000-0 · Comité'. */
function shown(kind: ControlKind, value: ControlValue): string {
  if (kind === 'threshold') return formatQuetzales(toQuetzales(value as number));
  if (kind === 'approval') return value ? 'Sí' : 'No';
  const bank = value as BankAccount;
  return `${bank.bankName} · ${bank.accountNumber} · ${bank.accountHolder}`;
}

function toControlChange(row: ControlChangeEntity): ControlChange {
  return {
    id: row.id,
    kind: row.kind,
    before: shown(row.kind, JSON.parse(row.before) as ControlValue),
    after: shown(row.kind, JSON.parse(row.after) as ControlValue),
    state: row.state,
    proposedBy: row.createdByName,
    proposedById: row.createdById ?? 0,
    proposedAt: row.createdAt.toISOString(),
    decidedBy: row.decidedByName,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

const STATE_WORDS = { aprobado: 'aprobado', rechazado: 'rechazado', retirado: 'retirado', pendiente: 'propuesto' } as const;

/**
 * Four eyes on the controls of money out (decisions item 23, docs/books.md): a change that loosens
 * one (a higher threshold, approval off, another bank account shown to families) waits for a second
 * admin; tightening applies at once. The latest word on a control wins: a new change of it withdraws
 * a pending one. Each step is a row of 'Historial' with its actor, in the caller's transaction.
 */
@Injectable()
export class ControlsService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsStore,
    private readonly users: UsersService,
  ) {}

  /** The controls in force; `lock` holds the books' settings row so money out and control changes run one at a time. */
  async inForce(manager: EntityManager, lock = false): Promise<ControlsInForce> {
    const options = { where: { id: 1 } };
    const row = lock
      ? await findLocked(this.db, manager, BooksSettingsEntity, options, 'pessimistic_write')
      : await manager.findOne(BooksSettingsEntity, options);
    return { threshold: row?.approvalThreshold ?? toCentavos(DEFAULT_APPROVAL_THRESHOLD), required: row?.approvalRequired ?? true };
  }

  /** Holds the books' settings row: money out, control changes and settings saves run one at a time. */
  async lock(manager: EntityManager): Promise<void> {
    await this.inForce(manager, true);
  }

  /** Pending changes first, then the 20 latest decided. */
  async list(manager: EntityManager): Promise<ControlChange[]> {
    const [pending, decided] = await Promise.all([
      manager.find(ControlChangeEntity, { where: { state: 'pendiente' }, order: { id: 'DESC' } }),
      manager.find(ControlChangeEntity, { where: { state: Not('pendiente') }, order: { id: 'DESC' }, take: 20 }),
    ]);
    return [...pending, ...decided].map(toControlChange);
  }

  adminCount(manager: EntityManager): Promise<number> {
    return this.users.enabledAdmins(manager);
  }

  /** PUT /api/books/settings: each control that differs from the one in force. */
  async setBooks(manager: EntityManager, user: User, input: BooksSettingsInput): Promise<void> {
    const now = await this.inForce(manager, true);
    // A threshold is kept in centavos, as the money it is compared with.
    const threshold = toCentavos(input.approvalThreshold);
    if (threshold !== now.threshold) await this.change(manager, user, 'threshold', now.threshold, threshold, threshold < now.threshold);
    if (input.approvalRequired !== undefined && input.approvalRequired !== now.required)
      await this.change(manager, user, 'approval', now.required, input.approvalRequired, input.approvalRequired);
  }

  /** PUT /api/settings with another account: pending, the settings keep the one in force. */
  async proposeBank(manager: EntityManager, user: User, before: BankAccount, after: BankAccount): Promise<void> {
    await this.lock(manager);
    await this.change(manager, user, 'bank', before, after, false);
  }

  /** A second admin approves (never the proposer: 403) or rejects; the proposer may withdraw. Once (409). */
  async decide(manager: EntityManager, user: User, id: number, verdict: 'approve' | 'reject'): Promise<void> {
    await this.inForce(manager, true);
    const row = await manager.findOneBy(ControlChangeEntity, { id });
    if (!row) throw new NotFoundException(BOOKS_MESSAGES.controlNotFound);
    if (row.state !== 'pendiente') throw new ConflictException(BOOKS_MESSAGES.controlDecided(STATE_WORDS[row.state]));
    const own = row.createdById === user.id;
    if (verdict === 'approve' && own) throw new ForbiddenException(BOOKS_MESSAGES.ownControlChange);
    const state = verdict === 'approve' ? 'aprobado' : own ? 'retirado' : 'rechazado';
    const result = await manager.update(
      ControlChangeEntity,
      { id, state: 'pendiente' },
      { state, decidedById: user.id, decidedByName: user.name.slice(0, 120), decidedAt: new Date() },
    );
    if (!result.affected) throw new ConflictException(BOOKS_MESSAGES.controlChangedMeanwhile);
    if (state === 'aprobado') await this.apply(manager, row.kind, JSON.parse(row.after) as ControlValue);
    await this.record(manager, user, row, state === 'aprobado' ? 'approve' : state === 'rechazado' ? 'reject' : 'withdraw', state);
  }

  private async change(
    manager: EntityManager,
    user: User,
    kind: ControlKind,
    before: ControlValue,
    after: ControlValue,
    tightens: boolean,
  ) {
    const now = new Date();
    for (const pending of await manager.findBy(ControlChangeEntity, { kind, state: 'pendiente' })) {
      const result = await manager.update(
        ControlChangeEntity,
        { id: pending.id, state: 'pendiente' },
        { state: 'retirado', decidedById: user.id, decidedByName: user.name.slice(0, 120), decidedAt: now },
      );
      if (result.affected) await this.record(manager, user, pending, 'withdraw', 'retirado');
    }
    const state = tightens ? 'aprobado' : 'pendiente';
    const { identifiers } = await manager.insert(ControlChangeEntity, {
      kind,
      before: JSON.stringify(before),
      after: JSON.stringify(after),
      state,
      createdById: user.id,
      createdByName: user.name.slice(0, 120),
      createdAt: now,
      decidedById: null,
      decidedByName: null,
      decidedAt: tightens ? now : null,
    });
    if (tightens) await this.apply(manager, kind, after);
    const row = await manager.findOneByOrFail(ControlChangeEntity, { id: Number(identifiers[0]!.id) });
    await this.record(manager, user, row, tightens ? 'apply' : 'propose', state);
  }

  private async apply(manager: EntityManager, kind: ControlKind, value: ControlValue): Promise<void> {
    if (kind === 'threshold') await manager.update(BooksSettingsEntity, { id: 1 }, { approvalThreshold: value as number });
    else if (kind === 'approval') await manager.update(BooksSettingsEntity, { id: 1 }, { approvalRequired: value as boolean });
    else await this.settings.setBankAccount(manager, value as BankAccount);
  }

  private record(manager: EntityManager, user: User, row: ControlChangeEntity, step: string, state: string) {
    const change = toControlChange(row);
    return recordChange(manager, user, {
      action: `books.control-${step}`,
      entity: 'books',
      entityId: row.id,
      label: `${NAMES[row.kind]}: ${change.before} → ${change.after}`,
      before: { [row.kind]: change.before },
      after: { [row.kind]: change.after, state, proposedBy: change.proposedBy },
    });
  }
}

/** The controls for the books and the settings (the bank account): import this, call ControlsService. */
@Module({
  imports: [TypeOrmModule.forFeature([ControlChangeEntity, BooksSettingsEntity]), SettingsStoreModule, UsersModule],
  providers: [ControlsService],
  exports: [ControlsService],
})
export class ControlsModule {}
