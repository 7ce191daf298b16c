import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { dispositionOf } from '../../platform/download';

/** Streams a stored file as the answer; resolves when the whole file is sent. */
export async function sendStream(reply: FastifyReply, stream: Readable, o: { name: string; mime: string; size: number; inline: boolean }): Promise<void> {
  reply
    .header('content-type', o.mime)
    .header('content-length', o.size)
    .header('content-disposition', dispositionOf(o.name, { inline: o.inline }))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  reply.send(stream);
  await reply;
}

/** A positive integer path parameter, or null. */
export const idParam = (v: string | undefined): number | null => (v && /^\d{1,15}$/.test(v) && Number(v) > 0 ? Number(v) : null);
