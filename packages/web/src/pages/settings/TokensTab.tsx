// Personal access tokens: for CI, fastlane and scripts. The secret is shown once, right after
// creation; the list shows each token's prefix, so they can be told apart, and its last use.
import { ActionIcon, Alert, Badge, Button, Code, CopyButton, Group, Modal, Select, Stack, Table, Text, TextInput, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createToken, revokeToken, TOKENS_KEY, useTokens } from '../../api/account.ts';
import type { ApiToken, CreatedApiToken } from '../../api/account.ts';
import { fieldError } from '../../api/error-text.ts';
import { notifySuccess } from '../../components/notify.ts';
import { QueryBody } from '../../components/ListParts.tsx';
import { EmptyState } from '../../components/PageState.tsx';
import { useDateFormatter } from '../../hooks/page.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { FormError } from '../../components/FormError.tsx';
import { useSubmit } from '../../hooks/useSubmit.ts';

const EXPIRY_DAYS = ['never', '30', '90', '365'] as const;

function CreatedTokenModal({ token, onClose }: { token: CreatedApiToken | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={token !== null} onClose={onClose} title={t('settings.tokens.created_title')} centered size="lg">
      {token && (
        <Stack>
          <Alert color="yellow">{t('settings.tokens.created_once')}</Alert>
          <Group wrap="nowrap" gap="xs" align="center">
            <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {token.token}
            </Code>
            <CopyButton value={token.token}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('common.copied') : t('common.copy')} withArrow>
                  <ActionIcon variant="light" color={copied ? 'teal' : 'blue'} onClick={copy} aria-label={t('settings.tokens.copy')} size="lg">
                    {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" c="dimmed">
            {t('settings.tokens.usage')}
          </Text>
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{`curl -H "Authorization: Bearer ${token.token}" ${window.location.origin}/api/user`}</Code>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('settings.tokens.done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<string>('never');
  const submit = useSubmit();
  const error = submit.error;
  const create = () => createToken(name.trim(), expiry === 'never' ? undefined : Number(expiry));
  const done = (created: CreatedApiToken) => {
    setName('');
    onCreated(created);
  };

  return (
    <form onSubmit={submit.handler(create, { onDone: done })} noValidate>
      <Stack gap="xs">
        <FormError error={error} fields={['name', 'expires_in_days']} />
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label={t('settings.tokens.name')}
            placeholder={t('settings.tokens.name_placeholder')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={fieldError(error, 'name')}
            maxLength={100}
            style={{ flex: '1 1 220px' }}
            required
          />
          <Select
            label={t('settings.tokens.expires')}
            data={EXPIRY_DAYS.map((value) => ({ value, label: t(`settings.tokens.expiry.${value}`) }))}
            value={expiry}
            onChange={(value) => setExpiry(value ?? 'never')}
            allowDeselect={false}
            error={fieldError(error, 'expires_in_days')}
            w={180}
          />
          <Button type="submit" loading={submit.busy} disabled={!name.trim()} mt={25}>
            {t('settings.tokens.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const expired = (token: ApiToken) => token.expires_at !== null && Date.parse(token.expires_at) <= Date.now();

/** Each token's name and prefix, dates, expiry, and its revoke button. */
function TokensTable({ tokens, onRevoke }: { tokens: ApiToken[]; onRevoke: (token: ApiToken) => void }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" aria-label={t('settings.tokens.list_title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('settings.tokens.name')}</Table.Th>
            <Table.Th>{t('settings.tokens.created')}</Table.Th>
            <Table.Th>{t('settings.tokens.last_used')}</Table.Th>
            <Table.Th>{t('settings.tokens.expires')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('settings.tokens.actions_column')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <Table.Tr key={token.id}>
              <Table.Td>
                <Text fw={500}>{token.name}</Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {token.prefix}…
                </Text>
              </Table.Td>
              <Table.Td>{formatDate(token.created_at)}</Table.Td>
              <Table.Td>{token.last_used_at ? formatDate(token.last_used_at) : t('settings.tokens.never_used')}</Table.Td>
              <Table.Td>
                {token.expires_at === null ? (
                  t('settings.tokens.expiry.never')
                ) : (
                  <Group gap={4}>
                    {formatDate(token.expires_at)}
                    {expired(token) && (
                      <Badge color="red" variant="light" size="sm">
                        {t('settings.tokens.expired')}
                      </Badge>
                    )}
                  </Group>
                )}
              </Table.Td>
              <Table.Td ta="right">
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => onRevoke(token)}
                  aria-label={t('settings.tokens.revoke_named', { name: token.name })}
                >
                  {t('settings.tokens.revoke')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function TokensTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tokens = useTokens();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: TOKENS_KEY });

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('settings.tokens.hint')}
      </Text>
      <CreateTokenForm
        onCreated={(token) => {
          setCreated(token);
          void refresh();
        }}
      />
      <Title order={4}>{t('settings.tokens.list_title')}</Title>
      <QueryBody
        query={tokens}
        isEmpty={(data) => data.length === 0}
        empty={<EmptyState title={t('settings.tokens.empty_title')} description={t('settings.tokens.empty_hint')} />}
      >
        {(data) => <TokensTable tokens={data} onRevoke={setRevoking} />}
      </QueryBody>
      <CreatedTokenModal token={created} onClose={() => setCreated(null)} />
      <ConfirmModal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t('settings.tokens.revoke_title')}
        message={t('settings.tokens.revoke_message', { name: revoking?.name ?? '' })}
        confirmLabel={t('settings.tokens.revoke')}
        onConfirm={async () => {
          if (!revoking) return;
          await revokeToken(revoking.id);
          notifySuccess(t('settings.tokens.revoked', { name: revoking.name }));
          await refresh();
        }}
      />
    </Stack>
  );
}
