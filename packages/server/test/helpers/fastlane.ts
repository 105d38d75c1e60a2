// Zealot's upload clients byte by byte: a multipart body written as the client's own library
// writes it, and fastlane's `zealot` action (fastlane-plugin-zealot 0.8.0 on Faraday 1.x).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

export type Part = { name: string; value: string } | { name: string; file: string; filename?: string; headers?: string[] };

/** A multipart body written byte by byte, as the client's own library writes it. */
export function multipart(boundary: string, parts: Part[], partHeaders: (part: Part & { file: string }, size: number) => string[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      const bytes = readFileSync(part.file);
      const filename = part.filename ?? path.basename(part.file);
      const headers = [`Content-Disposition: form-data; name="${part.name}"; filename="${filename}"`, ...partHeaders(part, bytes.length)];
      chunks.push(Buffer.from(`--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`), bytes, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/**
 * fastlane's `zealot` action through Faraday 1.x + multipart-post: the RubyMultipartPost
 * boundary, text parts with only a Content-Disposition, the file part with Content-Length,
 * application/octet-stream and Content-Transfer-Encoding, `custom_fields` always sent (its
 * default is the JSON text `["[]"]`), the token as a form field.
 */
export async function fastlaneUploadTo(baseUrl: string, fields: Record<string, string>, file: string): Promise<RawResponse> {
  const boundary = `-----------RubyMultipartPost-${randomBytes(16).toString('hex')}`;
  const parts: Part[] = [
    { name: 'token', value: fields.token ?? '' },
    { name: 'channel_key', value: fields.channel_key ?? '' },
    { name: 'file', file },
    ...Object.entries({ source: 'fastlane', custom_fields: '["[]"]', ...fields })
      .filter(([name]) => name !== 'token' && name !== 'channel_key')
      .map(([name, value]) => ({ name, value })),
  ];
  const body = multipart(boundary, parts, (_part, size) => [`Content-Length: ${size}`, 'Content-Type: application/octet-stream', 'Content-Transfer-Encoding: binary']);
  const response = await fetch(`${baseUrl}/api/apps/upload`, {
    redirect: 'manual',
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'user-agent': 'Faraday v1.1.0' },
    body: new Uint8Array(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}
