// The schemas of /api/admin/zealot-import: what `tarmac import zealot` did, read from the import map.
// Kept apart from the importer (no import of its steps or sources), so registering the routes costs
// nothing at startup.
import { Type } from 'typebox';
import { DateTime, NullableString, PaginationQuery, StringEnum } from '../../http/schemas.ts';

export const IMPORT_OUTCOMES = ['imported', 'merged', 'skipped', 'refused'] as const;

export const ListZealotImportRowsQuery = Type.Object({
  ...PaginationQuery.properties,
  outcome: Type.Optional(
    StringEnum(IMPORT_OUTCOMES, {
      description: 'Only rows with this outcome (imported: only those carrying a detail, such as "file missing").',
    }),
  ),
  table: Type.Optional(
    Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$', description: 'Only rows of this Zealot table (users, apps, channels, releases …).' }),
  ),
});

export const ZealotImportTableCounts = Type.Object(
  {
    table: Type.String({ description: 'The Zealot table (users, apps, schemes, channels, releases, apps_users …).' }),
    total: Type.Integer({ description: 'Rows of this table the import handled.' }),
    imported: Type.Integer({ description: 'Imported as new Tarmac rows.' }),
    merged: Type.Integer({ description: 'Merged into a Tarmac row that was already there.' }),
    skipped: Type.Integer({ description: 'Left out, with the reason in their detail.' }),
    refused: Type.Integer({ description: 'Refused, with the reason in their detail.' }),
    noted: Type.Integer({ description: 'Rows listed by GET /api/admin/zealot-import/rows: all but the plain imports.' }),
  },
  { $id: 'ZealotImportTableCounts', description: 'What became of one Zealot table’s rows.' },
);

export const ZealotImportSummary = Type.Object(
  {
    imported: Type.Boolean({ description: 'Whether `tarmac import zealot` has written anything to this Tarmac (a dry run writes nothing).' }),
    first_at: Type.Union([DateTime('When the first row was imported.'), Type.Null()], { description: 'null when nothing was imported.' }),
    last_at: Type.Union([DateTime('When the last row was imported.'), Type.Null()], { description: 'null when nothing was imported.' }),
    total: Type.Integer({ description: 'Zealot rows handled, all tables.' }),
    tables: Type.Array(ZealotImportTableCounts, { description: 'Per Zealot table, in name order.' }),
  },
  { $id: 'ZealotImportSummary', description: 'What `tarmac import zealot` did, every run together.' },
);

export const ZealotImportRow = Type.Object(
  {
    table: Type.String({ description: 'The Zealot table.' }),
    source_id: Type.String({ description: 'The Zealot row’s id ("a:b" for a join row such as apps_users).' }),
    target_id: Type.Union([Type.Integer(), Type.Null()], { description: 'The Tarmac row it became or was merged into; null when skipped or refused.' }),
    outcome: StringEnum(IMPORT_OUTCOMES),
    detail: NullableString('Why: a conflict and how it was resolved, a refusal’s reason, a missing file.'),
    created_at: DateTime('When the import handled it.'),
    link: NullableString(
      'The web app’s path of the Tarmac thing it became (/apps/{id}, /apps/{id}/channels/{id}, …/releases/{id}, /admin/users?q=…, '
      + '/debug-files/{id}, /devices?q=…, /admin/webhooks); null when there is none or it was deleted since.',
    ),
  },
  { $id: 'ZealotImportRow', description: 'One Zealot row the import did not simply bring over.' },
);
