import { Controller, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { User } from '@portal/contracts';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { sendStoredFile } from '../files/file-safety';
import { ReceiptsService } from './receipts.service';

/**
 * The receipt itself. Whatever a file holds, the browser must never run it: the sniffed type,
 * no sniffing of its own, a sandbox with nothing allowed, a neutral file name, never cached.
 */
@Roles('parent', 'admin')
@Controller('payment-proofs/:id')
export class ReceiptFilesController {
  constructor(private readonly receipts: ReceiptsService) {}

  @Get('file')
  async file(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Res() reply: FastifyReply): Promise<void> {
    const { bytes, row } = await this.receipts.file(user, id, 'file');
    sendStoredFile(reply, bytes, row.contentType, `comprobante-${id}.${row.contentType === 'application/pdf' ? 'pdf' : 'jpg'}`);
  }

  @Get('thumbnail')
  async thumbnail(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Res() reply: FastifyReply): Promise<void> {
    const { bytes } = await this.receipts.file(user, id, 'thumbnail');
    sendStoredFile(reply, bytes, 'image/jpeg', `comprobante-${id}-miniatura.jpg`);
  }
}
