import { StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

/** A PDF answered as a download: its type and file name, and never cached (it is someone's document). */
export function pdfAttachment(reply: FastifyReply, file: { filename: string; content: Buffer }): StreamableFile {
  reply.header('Content-Type', 'application/pdf');
  reply.header('Content-Disposition', `attachment; filename="${file.filename}"`);
  reply.header('Cache-Control', 'private, no-store');
  return new StreamableFile(file.content);
}
