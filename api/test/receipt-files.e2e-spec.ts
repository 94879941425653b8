// Receipts and invoices live in a folder (FILES_DIR) under their content's hash, not in the
// database: a 10 MB file on MariaDB, rows of an earlier version moved out, and backups that copy
// the folder and bring it back.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Expense } from '@portal/contracts';
import { backup } from '../src/backup/backup';
import { restore } from '../src/backup/restore';
import { filePath } from '../src/files/file-folder';
import { addReceipt, seedTwoFamilies, sessionAgent, type TwoFamilies } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { PDF, sendForm, upload } from './receipts-fixtures';

/** A readable PDF of about `bytes` bytes (a page tree and one long stream). */
function pdf(bytes: number): Buffer {
  const head = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n';
  const tail = 'trailer<</Root 1 0 R>>\n%%EOF\n';
  const padding = `${'r'.repeat(99)}\n`.repeat(Math.ceil((bytes - head.length - tail.length - 60) / 100));
  return Buffer.from(head + `3 0 obj<</Length ${padding.length}>>stream\n${padding}\nendstream endobj\n` + tail);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every file under `dir`, by name. */
const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
    : [];

describe.each(DATABASES)('receipt and invoice files (%s)', (kind) => {
  let api: TestApi;
  let fx: TwoFamilies;
  let parent: Agent;
  let admin: Agent;

  beforeAll(async () => {
    api = await startApi(kind);
    fx = await seedTwoFamilies(api);
    parent = await sessionAgent(api, fx.a.parent.id);
    admin = await sessionAgent(api, fx.admin.id);
  });
  afterAll(() => api.close());

  it('stores a 10 MB receipt in the files folder under its hash and gives it back whole', async () => {
    const sent = pdf(10 * 1024 * 1024 - 4096);
    const response = await upload(api, parent, { paymentNumber: '1' }, { data: sent, name: 'deposito.pdf', type: 'application/pdf' });
    expect(response.statusCode).toBe(201);
    const file = await admin.get(`/api/payment-proofs/${response.json<{ id: number }>().id}/file`);
    expect(file.status).toBe(200);
    expect(file.rawBody.length).toBeGreaterThan(sent.length - 1024);
    expect(file.rawBody.subarray(0, 5).toString()).toBe('%PDF-');
    expect(filesUnder(api.config.filesDir)).toContain(sha256(file.rawBody));
    // The database keeps no bytes of it.
    const [row] = await api.dataSource.query(`SELECT LENGTH(data) AS size FROM payment_proof_files WHERE proofId = ?`, [
      response.json<{ id: number }>().id,
    ]);
    expect(Number(row.size)).toBe(0);
  });

  it('moves the receipts and invoices an earlier version kept in the database into the folder when it starts', async () => {
    const receipt = await addReceipt(api, fx.a.family.id, 2, { contentType: 'application/pdf', hasThumbnail: false });
    await api.dataSource.query('INSERT INTO payment_proof_files (proofId, data, thumbnail) VALUES (?, ?, NULL)', [receipt.id, PDF]);
    const recorded = await sendForm(
      api,
      admin,
      '/api/books/expenses',
      {
        kind: 'gasto',
        date: '2026-10-05',
        category: 'Salón',
        supplier: 'Salones El Prado',
        concept: 'Anticipo',
        amount: '100',
        method: 'efectivo',
      },
      { data: PDF, name: 'factura.pdf', type: 'application/pdf' },
    );
    expect(recorded.statusCode).toBe(201);
    const expense = recorded.json<Expense>();
    const invoice = (await admin.get(`/api/books/expenses/${expense.id}/invoice`)).rawBody;
    // As an earlier version left it: the bytes in the row.
    await api.dataSource.query('UPDATE expense_invoice_files SET data = ?, dataHash = NULL WHERE expenseId = ?', [invoice, expense.id]);
    rmSync(filePath(api.config.filesDir, sha256(invoice)), { force: true });
    expect(filesUnder(api.config.filesDir)).not.toContain(sha256(PDF));

    await api.restart();
    expect((await admin.get(`/api/payment-proofs/${receipt.id}/file`)).rawBody).toEqual(PDF);
    expect((await admin.get(`/api/books/expenses/${expense.id}/invoice`)).rawBody).toEqual(invoice);
    expect(filesUnder(api.config.filesDir)).toEqual(expect.arrayContaining([sha256(PDF), sha256(invoice)]));
    const [row] = await api.dataSource.query('SELECT LENGTH(data) AS size, dataHash FROM payment_proof_files WHERE proofId = ?', [
      receipt.id,
    ]);
    expect({ size: Number(row.size), dataHash: row.dataHash }).toEqual({ size: 0, dataHash: sha256(PDF) });
    // A second start finds nothing left to move and changes nothing.
    await api.restart();
    expect((await admin.get(`/api/payment-proofs/${receipt.id}/file`)).rawBody).toEqual(PDF);
  });

  it('backs the files up beside the dump, each once, and a restore brings them back', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-file-backups-'));
    try {
      const response = await upload(
        api,
        parent,
        { paymentNumber: '3' },
        { data: pdf(200_000), name: 'deposito.pdf', type: 'application/pdf' },
      );
      expect(response.statusCode).toBe(201);
      const id = response.json<{ id: number }>().id;
      const stored = (await admin.get(`/api/payment-proofs/${id}/file`)).rawBody;
      await backup(api.config, dir);
      const copied = filesUnder(path.join(dir, 'files'));
      expect(copied).toContain(sha256(stored));
      // The next copy adds no file already there.
      await backup(api.config, dir, new Date(Date.now() + 60_000));
      expect(filesUnder(path.join(dir, 'files')).sort()).toEqual(copied.sort());

      // The server's files are lost; the last copy brings them back.
      rmSync(api.config.filesDir, { recursive: true, force: true });
      const last = readdirSync(dir)
        .filter((name) => name.startsWith('portal-'))
        .sort()
        .at(-1)!;
      await restore(api.config, path.join(dir, last));
      await api.restart();
      expect((await admin.get(`/api/payment-proofs/${id}/file`)).rawBody).toEqual(stored);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses, before changing anything, a copy whose receipt files are nowhere (brought without its files folder)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-file-backups-'));
    try {
      const response = await upload(
        api,
        parent,
        { paymentNumber: '4' },
        { data: pdf(100_000), name: 'deposito.pdf', type: 'application/pdf' },
      );
      const id = response.json<{ id: number }>().id;
      const file = await backup(api.config, dir);
      const receipts = async () => (await api.dataSource.query('SELECT COUNT(*) AS n FROM payment_proofs'))[0].n;
      const before = Number(await receipts());
      await upload(api, parent, { paymentNumber: '5' }, { data: pdf(50_000), name: 'otro.pdf', type: 'application/pdf' });
      // The copy alone, and a server that lost its files.
      rmSync(path.join(dir, 'files'), { recursive: true, force: true });
      rmSync(api.config.filesDir, { recursive: true, force: true });
      await expect(restore(api.config, file)).rejects.toThrow(/files it names are in neither .* nothing was changed/);
      expect(Number(await receipts())).toBe(before + 1);
      expect((await admin.get(`/api/payment-proofs/${id}/file`)).status).toBe(404);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
