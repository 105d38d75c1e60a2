// How to send debug files from CI: fastlane and curl, with a real channel key when the caller
// may see one (the shared "from CI" card).
import { useTranslation } from 'react-i18next';
import type { Channel } from '../../../api/apps.ts';
import { CliHelpCard } from '../../../components/CliHelpCard.tsx';

export function UploadHelp({ channels }: { channels: Channel[] }) {
  const { t } = useTranslation();
  const origin = window.location.origin;
  const appleKey = channels.find((channel) => channel.device_type !== 'android')?.key ?? '<ios channel key>';
  const androidKey = channels.find((channel) => channel.device_type === 'android')?.key ?? '<android channel key>';
  const upload = `${origin}/api/debug_files/upload`;
  const lines = [
    `# ${t('debug_files.help.fastlane_ios')}`,
    `zealot_debug_file(endpoint: '${origin}', token: '<token>', channel_key: '${appleKey}', platform: :ios)`,
    '',
    `# ${t('debug_files.help.curl_ios')}`,
    `curl -F token=<token> -F channel_key=${appleKey} -F file=@MyApp.app.dSYM.zip ${upload}`,
    '',
    `# ${t('debug_files.help.curl_android')}`,
    `curl -F token=<token> -F channel_key=${androidKey} -F release_version=1.0.0 -F build_version=100 -F file=@mapping.zip ${upload}`,
  ];
  return (
    <CliHelpCard
      title={t('debug_files.help.title')}
      hint={t('debug_files.help.hint')}
      lines={lines}
      tokenHint={t('debug_files.help.token_hint')}
      tokenLink={t('debug_files.help.token_link')}
      maw={860}
    />
  );
}
