import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import type { FamilyImportPreview, FamilyImportResult, User } from '@portal/contracts';
import { FamiliesService } from './families.service';
import { FamilyStore } from '../families/family.store';
import { judgeList, readSchoolList } from './school-list';

export const IMPORT_TEXTS = {
  badChecksum: 'Falta la revisión de la lista: vuelve a subirla para revisarla antes de importar.',
  nothing: 'La lista no tiene familias para importar.',
  changed:
    'La lista cambió desde que la revisaste (otra persona pudo registrar alguna de sus familias). Revísala otra vez antes de importar.',
} as const;

/** 'Importar lista del colegio': read the school's list (nothing written), then create the rows accepted, all or none. */
@Injectable()
export class FamilyImportService {
  constructor(
    private readonly families: FamiliesService,
    private readonly store: FamilyStore,
  ) {}

  async preview(bytes: Buffer | undefined): Promise<FamilyImportPreview> {
    const rows = await readSchoolList(bytes);
    const taken = new Set((await this.store.list({ columns: ['email'] })).map((family) => family.email));
    return judgeList(rows, taken);
  }

  /**
   * The rows the preview accepted, as `checksum` names them, or nothing: when the list would now
   * give other rows (its families already imported, an e-mail another admin just used), a 409
   * with the list as it reads now.
   */
  async import(user: User, bytes: Buffer | undefined, checksum: string | undefined): Promise<FamilyImportResult> {
    if (!checksum || !/^[0-9a-f]{64}$/.test(checksum)) throw new BadRequestException(IMPORT_TEXTS.badChecksum);
    const rows = await readSchoolList(bytes);
    const familyIds = await this.families.createFromList(user, (taken) => {
      const preview = judgeList(rows, taken);
      if (preview.checksum !== checksum) throw new ConflictException({ message: IMPORT_TEXTS.changed, details: { preview } });
      if (preview.rows.length === 0) throw new BadRequestException(IMPORT_TEXTS.nothing);
      return preview.rows;
    });
    return { created: familyIds.length, familyIds };
  }
}
