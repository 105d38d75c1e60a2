// A scrolling table named `label`: a header row from its column titles, with a last, visually
// hidden "actions" column (axe wants every header cell named), and its rows.
import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

interface DataTableProps {
  label: string;
  minWidth: number;
  titles: string[];
  actions: string;
  children: ReactNode;
}

export function DataTable({ label, minWidth, titles, actions, children }: DataTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {titles.map((title) => <Table.Th key={title}>{title}</Table.Th>)}
            <Table.Th><VisuallyHidden>{actions}</VisuallyHidden></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
