// Debug symbols as the parser reads them: the UUIDs of an app's own binary (a dSYM must carry
// them to symbolicate the build's crashes), a dSYM zip's slices and a Proguard mapping's ids,
// shown with the debug file page's tables.
import { Code, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../SectionCard.tsx';
import { DsymEntries, ProguardEntries } from './DebugFileEntries.tsx';
import type { DsymRow } from './DebugFileEntries.tsx';
import { num, obj, objects, str } from './metadata.ts';
import type { Json } from './metadata.ts';

/** The app binary's Mach-O slices (architecture and UUID); nothing when the parser found none. */
export function BinaryUuids({ details }: { details: Json }) {
  const { t } = useTranslation();
  const slices = objects(obj(details.mach_o)?.slices).filter((slice) => str(slice.uuid));
  if (slices.length === 0) return null;
  const title = t('release.binary_uuids.title');
  return (
    <SectionCard title={title}>
      <Text size="sm" c="dimmed">
        {t('release.binary_uuids.hint')}
      </Text>
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing={4} aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('debug_files.detail.arch')}</Table.Th>
              <Table.Th>{t('debug_files.detail.uuid')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {slices.map((slice, index) => (
              <Table.Tr key={`${str(slice.arch) ?? ''}-${index}`}>
                <Table.Td>{str(slice.arch) ?? '?'}</Table.Td>
                <Table.Td>
                  <Code>{str(slice.uuid)}</Code>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </SectionCard>
  );
}

/** A dSYM zip's slices, bundle by bundle; the app's own bundle (its id is the file's) is "main". */
export function DsymDetails({ details, bundleId }: { details: Json; bundleId: string | null | undefined }) {
  const { t } = useTranslation();
  const rows: DsymRow[] = objects(details.bundles).flatMap((bundle, b) =>
    objects(bundle.objects).flatMap((object, o) =>
      objects(object.slices).map((slice, s) => ({
        key: `${b}-${o}-${s}`,
        name: str(object.name) ?? null,
        extension: Boolean(bundleId) && str(bundle.bundle_id) !== bundleId,
        arch: str(slice.arch) ?? '?',
        uuid: str(slice.uuid) ?? null,
        bundle_name: str(bundle.name) ?? null,
        bundle_id: str(bundle.bundle_id) ?? null,
        size: num(slice.size) ?? 0,
      })),
    ),
  );
  return (
    <SectionCard title={t('debug_files.detail.slices', { count: rows.length })}>
      <Text size="sm" c="dimmed">
        {t('debug_files.detail.slices_hint')}
      </Text>
      <DsymEntries entries={rows} />
    </SectionCard>
  );
}

/** A Proguard zip: its debug ids, package and files. */
export function ProguardDetails({ details }: { details: Json }) {
  const { t } = useTranslation();
  const files = objects(details.files).map((file) => ({ name: str(file.name) ?? '?', size: num(file.size) ?? 0 }));
  const row = {
    key: 'mapping',
    uuid: str(details.debug_id) ?? null,
    zealot_uuid: str(details.zealot_id) ?? null,
    package_name: str(details.package) ?? null,
    size: num(details.mapping_size) ?? 0,
    files,
  };
  return (
    <SectionCard title={t('debug_files.detail.mapping')}>
      <Text size="sm" c="dimmed">
        {t('debug_files.detail.mapping_hint')}
      </Text>
      <ProguardEntries entries={[row]} />
    </SectionCard>
  );
}
