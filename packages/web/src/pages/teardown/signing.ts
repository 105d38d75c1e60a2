// How a file is signed, read from the parser's JSON (its shape differs per format): the
// iOS/macOS provisioning profile, the macOS code signature, the Android signature schemes and
// certificate, the Windows Authenticode flag. Plain data; the page translates it.
import type { Teardown } from '../../api/teardown.ts';

export type Signing =
  | { kind: 'profile'; type: string | null; team: string | null; expiresAt: string | null; expired: boolean }
  | { kind: 'apple'; identity: string | null; team: string | null }
  | { kind: 'android'; schemes: string[]; subject: string | null; expiresAt: string | null }
  | { kind: 'signed' }
  | { kind: 'unsigned' }
  | { kind: 'unknown' };

type Json = Record<string, unknown>;

const object = (value: unknown): Json | null => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null);
const string = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

function profile(value: Json): Signing {
  return {
    kind: 'profile',
    type: string(value.type),
    team: string(value.team_name),
    expiresAt: string(value.expires_at),
    expired: value.expired === true,
  };
}

export function signingOf(result: Teardown): Signing {
  const details = result.details;
  switch (result.format) {
    case 'mobileprovision':
      return profile(details);
    case 'ipa':
    case 'macos_app': {
      const embedded = object(details.provisioning_profile);
      if (embedded) return profile(embedded);
      const signature = object(details.signing);
      if (signature) return { kind: 'apple', identity: string(signature.identity), team: string(signature.team_id) };
      if (details.code_signed === true || details.signed === true) return { kind: 'signed' };
      if (details.code_signed === false || details.signed === false) return { kind: 'unsigned' };
      return { kind: 'unknown' };
    }
    case 'apk':
    case 'aab': {
      const signature = object(details.signing);
      if (!signature) return { kind: 'unsigned' };
      const certificate = object(Array.isArray(signature.certificates) ? signature.certificates[0] : null);
      const schemes = strings(signature.schemes);
      if (schemes.length === 0 && !certificate) return { kind: 'unsigned' };
      return { kind: 'android', schemes, subject: certificate ? string(certificate.subject) : null, expiresAt: certificate ? string(certificate.not_after) : null };
    }
    default:
      if (details.signed === true) return { kind: 'signed' };
      if (details.signed === false) return { kind: 'unsigned' };
      return { kind: 'unknown' };
  }
}
