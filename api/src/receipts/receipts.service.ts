import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import {
  BadRequestException,
  ConflictException,
  HttpException,
  HttpStatus,
  Injectable,
  NotFoundException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { PAYMENT_TITLES, PAYS_FOR_CREDIT, type PaymentNumber, type Receipt, type User } from '@portal/contracts';
import { parseCentavos } from '@portal/format';
import { RateLimits } from '../rate-limits/rate-limits';
import { Database } from '../database/database.service';
import { ReceiptEntity } from './receipt.entity';
import { MyPaymentAnswersService } from '../payments/my-payment-answers.service';
import { SessionFamily } from '../families/session-family';
import { FILE_MESSAGES, makeSafe } from '../files/file-safety';
import { MultipartBody } from '../common/multipart';
import { ReceiptStorage } from './receipt-storage';
import { recordChange } from '../history/record';
import { toReceipt } from './receipt.store';
import { depositKey, readPaysFor, storedPaysFor } from '../payments/allocation';

export const RECEIPT_MESSAGES = {
  notFound: 'No encontramos ese comprobante.',
  alreadyReviewed: 'El comité ya revisó este comprobante: ya no se puede eliminar.',
  noThumbnail: 'Este comprobante no tiene miniatura.',
  notMultipart: 'Envía el comprobante como formulario con el archivo adjunto.',
  tooMany: 'Enviaste muchos comprobantes en poco tiempo. Intenta de nuevo en una hora.',
} as const;

/**
 * Uploads a parent may send in an hour, counted before the file is processed (re-encoding a photo
 * is the API's costliest work): a family sends at most a few receipts a payment.
 */
export const UPLOADS_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

const FIELDS = {
  paymentNumber: 'El número de pago debe ser del 1 al 6.',
  paysFor:
    'Indica qué paga el depósito: uno o varios pagos del 1 al 6, sin repetir, separados por comas (por ejemplo 1,2), o saldo_a_favor.',
  amountDeclared: 'El monto depositado debe ser de Q0.01 a Q1,000,000, con dos decimales como máximo (2950 o 2,950.50).',
  depositDate: 'La fecha del depósito debe tener el formato AAAA-MM-DD.',
  documentNumber: 'El número de documento admite hasta 40 letras, números, espacios o guiones.',
} as const;

/** A receipt's change, for the history (its file never: only what the API shows of it). */
export const receiptChange = (action: string, receipt: Receipt, familyId: number, before: Receipt | null, after: Receipt | null) => ({
  action: `payment-proof.${action}`,
  entity: 'payment-proof' as const,
  entityId: receipt.id,
  familyId,
  label: PAYMENT_TITLES[receipt.paymentNumber],
  before,
  after,
});

/** When the form names payments, the payment the receipt is listed under is one of them. */
const PAYMENT_NOT_CHOSEN = 'El número de pago debe ser uno de los pagos que el depósito paga.';

interface Declared {
  paymentNumber: PaymentNumber;
  /** As stored (allocation.ts `storedPaysFor`); null when the form did not say (old clients). */
  paysFor: string | null;
  amountDeclared: number | null;
  depositDate: string | null;
  documentNumber: string | null;
}

/** The form's fields, checked as the JSON routes check theirs: a 400 naming each bad field. */
function declared(fields: Record<string, string>): Declared {
  const errors: Record<string, string[]> = {};
  for (const name of Object.keys(fields)) if (!(name in FIELDS)) errors[name] = [`El campo «${name}» no está permitido.`];
  const { paymentNumber = '', amountDeclared = '', depositDate = '', documentNumber = '' } = fields;
  if (!/^[1-6]$/.test(paymentNumber)) errors.paymentNumber = [FIELDS.paymentNumber];
  // Optional: what the deposit pays, in the family's order. Without it the receipt names `paymentNumber` alone.
  const paysFor = fields.paysFor === undefined ? null : fields.paysFor.replace(/\s+/g, '');
  const named = paysFor === null || paysFor === PAYS_FOR_CREDIT ? [] : paysFor.split(',');
  if (paysFor !== null && paysFor !== PAYS_FOR_CREDIT && (!/^[1-6](,[1-6]){0,5}$/.test(paysFor) || new Set(named).size !== named.length))
    errors.paysFor = [FIELDS.paysFor];
  else if (named.length > 0 && !errors.paymentNumber && !named.includes(paymentNumber)) errors.paymentNumber = [PAYMENT_NOT_CHOSEN];
  const amount = amountDeclared.trim();
  // Centavos, exactly as typed ('2,950.50'): a third decimal is refused, never rounded.
  const centavos = amount === '' ? null : parseCentavos(amount);
  if (amount !== '' && (centavos === null || centavos < 1 || centavos > 100_000_000)) errors.amountDeclared = [FIELDS.amountDeclared];
  const date = depositDate.trim();
  if (
    date !== '' &&
    (!/^\d{4}-\d{2}-\d{2}$/.test(date) ||
      Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ||
      new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date)
  )
    errors.depositDate = [FIELDS.depositDate];
  const document = documentNumber.trim();
  if (document !== '' && !/^[\p{L}\p{N} -]{1,40}$/u.test(document)) errors.documentNumber = [FIELDS.documentNumber];
  if (Object.keys(errors).length > 0) throw new BadRequestException({ message: Object.values(errors).flat().join(' '), errors });
  return {
    paymentNumber: Number(paymentNumber) as PaymentNumber,
    paysFor: paysFor === null ? null : storedPaysFor(named.map((part) => Number(part) as PaymentNumber)),
    amountDeclared: centavos,
    depositDate: date === '' ? null : date,
    documentNumber: document === '' ? null : document,
  };
}

@Injectable()
export class ReceiptsService {
  constructor(
    private readonly db: Database,
    private readonly families: SessionFamily,
    private readonly storage: ReceiptStorage,
    private readonly limits: RateLimits,
    private readonly paymentAnswers: MyPaymentAnswersService,
  ) {}

  async listOwn(user: User): Promise<Receipt[]> {
    const family = await this.families.familyOf(user);
    const rows = await this.db.manager.find(ReceiptEntity, {
      where: { familyId: family.id },
      order: { uploadedAt: 'ASC', id: 'ASC' },
    });
    return rows.map((row) => toReceipt(row));
  }

  /** Fields first (cheap), then the file is proven safe, then one transaction writes both rows. */
  async upload(user: User, body: unknown): Promise<Receipt> {
    if (!(body instanceof MultipartBody)) throw new UnsupportedMediaTypeException(RECEIPT_MESSAGES.notMultipart);
    const fields = declared(body.fields);
    if (!body.file || body.file.fieldName !== 'file')
      throw new BadRequestException({ message: FILE_MESSAGES.missing, errors: { file: [FILE_MESSAGES.missing] } });
    await this.families.familyOf(user);
    const key = `receipts:user:${user.id}`;
    const tooMany = () => new HttpException({ message: RECEIPT_MESSAGES.tooMany }, HttpStatus.TOO_MANY_REQUESTS);
    await this.limits.take(key, HOUR_MS, UPLOADS_PER_HOUR, tooMany, { fixed: true });
    const fileHash = createHash('sha256').update(body.file.data).digest('hex');
    const safe = await makeSafe(body.file.data);
    return this.db.write(async (manager) => {
      // Locked for writing, as the 'Ya pagué' toggle locks it: the upload may write that answer too.
      const family = await this.families.familyOf(user, manager, 'pessimistic_write');
      const duplicateOf = await this.earlierCopy(manager, family.id, fileHash, fields);
      const saved = await manager.save(ReceiptEntity, {
        fileHash,
        duplicateOfId: duplicateOf,
        familyId: family.id,
        ...fields,
        // Never the sent name: a neutral one, with the extension of what is stored.
        fileName: `comprobante-pago-${fields.paymentNumber}.${safe.contentType === 'application/pdf' ? 'pdf' : 'jpg'}`,
        uploadedAt: new Date(),
        state: 'en_revision' as const,
        contentType: safe.contentType,
        hasThumbnail: safe.thumbnail !== null,
        reviewedById: null,
        reviewedByName: null,
        reviewedAt: null,
        amountReceived: null,
        rejectionReason: null,
      });
      await this.storage.save(manager, saved.id, safe.data, safe.thumbnail);
      const receipt = toReceipt(saved as ReceiptEntity);
      await recordChange(manager, user, receiptChange('upload', receipt, family.id, null, receipt));
      // Sending a receipt is the family saying it paid what it names: 'Ya pagué', unless it said so already.
      for (const paymentNumber of readPaysFor(fields.paysFor, fields.paymentNumber))
        await this.paymentAnswers.answerIn(manager, user, family, paymentNumber, 'ya_pague');
      return receipt;
    });
  }

  /**
   * An earlier receipt of the family that this one repeats: the same bytes, or the same document
   * number and amount (a deposit photographed twice). Flagged, not refused: the committee decides.
   */
  private async earlierCopy(manager: EntityManager, familyId: number, fileHash: string, fields: Declared): Promise<number | null> {
    const earlier = await manager.find(ReceiptEntity, {
      where: { familyId },
      select: { id: true, fileHash: true, documentNumber: true, amountDeclared: true, state: true },
      order: { id: 'ASC' },
    });
    const key = fields.amountDeclared === null ? null : depositKey(fields.documentNumber, fields.amountDeclared, 'x');
    const same = earlier.find(
      (row) =>
        row.state !== 'rechazado' &&
        (row.fileHash === fileHash ||
          (key !== null && row.amountDeclared !== null && depositKey(row.documentNumber, row.amountDeclared, 'x') === key)),
    );
    return same?.id ?? null;
  }

  /** Only the family's own receipt, and only while nobody has decided on it (a conditional delete). */
  async removeOwn(user: User, id: number): Promise<void> {
    await this.db.write(async (manager) => {
      const family = await this.families.familyOf(user, manager, 'pessimistic_read');
      const row = await manager.findOne(ReceiptEntity, { where: { id, familyId: family.id } });
      if (!row) throw new NotFoundException(RECEIPT_MESSAGES.notFound);
      const result = await manager.delete(ReceiptEntity, { id, familyId: family.id, state: 'en_revision' });
      if (!result.affected) throw new ConflictException(RECEIPT_MESSAGES.alreadyReviewed);
      await this.storage.remove(manager, id);
      await recordChange(manager, user, receiptChange('delete', toReceipt(row), family.id, toReceipt(row), null));
    });
  }

  /** The bytes for the family that sent them or for an admin; any other caller gets a 404. */
  async file(user: User, id: number, variant: 'file' | 'thumbnail'): Promise<{ bytes: Buffer; row: ReceiptEntity }> {
    const familyId = user.role === 'admin' ? undefined : (await this.families.familyOf(user)).id;
    const row = await this.db.manager.findOne(ReceiptEntity, { where: familyId === undefined ? { id } : { id, familyId } });
    if (!row) throw new NotFoundException(RECEIPT_MESSAGES.notFound);
    const bytes = await this.storage.read(id, variant);
    if (!bytes) throw new NotFoundException(variant === 'thumbnail' ? RECEIPT_MESSAGES.noThumbnail : RECEIPT_MESSAGES.notFound);
    return { bytes, row };
  }
}
