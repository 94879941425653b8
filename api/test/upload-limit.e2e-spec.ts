import { ReceiptEntity } from '../src/receipts/receipt.entity';
import { UPLOADS_PER_HOUR } from '../src/receipts/receipts.service';
import { createFamily } from './fixtures';
import { DATABASES, startApi, type TestApi } from './harness';
import { PDF, upload } from './receipts-fixtures';

// The per-parent limit on receipts is one atomic step: parallel uploads never pass it.
describe.each(DATABASES)('the receipts limit under parallel uploads (%s)', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startApi(kind);
  });
  afterAll(() => api.close());

  it(`lets exactly ${UPLOADS_PER_HOUR} of 40 parallel uploads through, and stores only those`, async () => {
    const family = await createFamily(api);
    const parent = await api.signedIn('parent', { email: family.email });
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => upload(api, parent, { paymentNumber: '2' }, { data: PDF, name: 'recibo.pdf' })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(UPLOADS_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - UPLOADS_PER_HOUR);
    expect(await api.dataSource.getRepository(ReceiptEntity).countBy({ familyId: family.id })).toBe(UPLOADS_PER_HOUR);
  });
});
