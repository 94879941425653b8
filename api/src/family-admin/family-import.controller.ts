import { Body, Controller, HttpCode, Post, UnsupportedMediaTypeException } from '@nestjs/common';
import type { FamilyImportPreview, FamilyImportResult, User } from '@portal/contracts';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { MultipartBody } from '../common/multipart';
import { FamilyImportService } from './family-import.service';
import { judgeList, readSchoolList } from './school-list';
import { ClassScope } from '../common/class-scope';

const NOT_A_FORM = 'Envía la lista como formulario (multipart/form-data) con el campo «file».';

/** 'Importar lista del colegio' in 'Gestión de Familias': the committee opens a class from the school's list. */
@Roles('admin')
@Controller('families/import')
export class FamilyImportController {
  constructor(private readonly imports: FamilyImportService) {}

  /** multipart/form-data: `file` (CSV or XLSX). Writes nothing. */
  @Post('preview')
  @HttpCode(200)
  preview(@Body() body: unknown): Promise<FamilyImportPreview> {
    if (!(body instanceof MultipartBody)) throw new UnsupportedMediaTypeException(NOT_A_FORM);
    return this.imports.preview(body.file?.data);
  }

  /** multipart/form-data: the same `file` and the preview's `checksum`. */
  @Post()
  import(@CurrentUser() user: User, @Body() body: unknown): Promise<FamilyImportResult> {
    if (!(body instanceof MultipartBody)) throw new UnsupportedMediaTypeException(NOT_A_FORM);
    return this.imports.import(user, body.file?.data, body.fields.checksum);
  }
}

/**
 * 'Nueva promoción', its families' step: the school's list read for the class about to open (no
 * family yet, so no address is taken), nothing written. After the opening the same file and this
 * `checksum` import it (`POST /api/families/import`). multipart/form-data with `file`.
 */
@Roles('admin')
@ClassScope('deployment')
@Controller('classes/next/families')
export class NextClassFamiliesController {
  @Post('preview')
  @HttpCode(200)
  async preview(@Body() body: unknown): Promise<FamilyImportPreview> {
    if (!(body instanceof MultipartBody)) throw new UnsupportedMediaTypeException(NOT_A_FORM);
    return judgeList(await readSchoolList(body.file?.data), new Set());
  }
}
