// At start: the providers TARMAC_SIGN_IN_PROVIDERS declares are written with source 'env' (a
// provider of the same slug added in the UI is taken over); an 'env' provider no longer declared
// is disabled, not deleted, so its identities stay for the day it comes back.
import type { Clock } from '../../clock.ts';
import type { DeclaredProvider } from '../../config-sign-in.ts';
import type { SecretBox } from '../../auth/secret-box.ts';
import type { SignInProvidersRepository } from './repository.ts';

export async function syncDeclaredProviders(
  declared: readonly DeclaredProvider[],
  deps: { signInProvidersRepository: SignInProvidersRepository; secretBox: SecretBox; clock: Clock },
): Promise<{ written: string[]; disabled: string[] }> {
  const { signInProvidersRepository: repository, secretBox, clock } = deps;
  const timestamp = clock.now();
  const written: string[] = [];
  for (const provider of declared) {
    const values = {
      kind: provider.kind, name: provider.name, enabled: provider.enabled, allow_sign_up: provider.allow_sign_up,
      position: provider.position,
      settings: JSON.stringify(provider.settings), secret: provider.secret === null ? null : secretBox.encrypt(provider.secret),
      source: 'env' as const, updated_at: timestamp,
    };
    const existing = await repository.findBySlug(provider.slug);
    if (existing) await repository.update(existing.id, values);
    else {
      try {
        await repository.insert({ ...values, slug: provider.slug, created_at: timestamp });
      } catch (error) {
        // Another instance on the same database inserted it first: write ours over it.
        const raced = await repository.findBySlug(provider.slug);
        if (!raced) throw error;
        await repository.update(raced.id, values);
      }
    }
    written.push(provider.slug);
  }
  const disabled: string[] = [];
  for (const row of await repository.list()) {
    if (row.source === 'env' && row.enabled && !written.includes(row.slug)) {
      await repository.update(row.id, { enabled: false, updated_at: timestamp });
      disabled.push(row.slug);
    }
  }
  return { written, disabled };
}
