// /forgot-password: mails a reset link to the address typed, if an account has it.
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { forgotPassword } from '../../api/account-mail.ts';
import { useSession } from '../../api/session.ts';
import { AuthFrame } from '../../components/AuthFrame.tsx';
import { PageLoader } from '../../components/LoadStates.tsx';
import { useTitle } from '../../hooks/title.ts';
import { RequestMailForm } from './RequestMailForm.tsx';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  useTitle(t('mail_accounts.forgot_title'));
  const session = useSession();
  if (session.isPending) return <PageLoader />;
  if (session.data) return <Navigate to="/" replace />;
  return (
    <AuthFrame>
      <RequestMailForm
        heading={t('mail_accounts.forgot_title')}
        hint={t('mail_accounts.forgot_hint')}
        submitLabel={t('mail_accounts.forgot_submit')}
        send={forgotPassword}
      />
    </AuthFrame>
  );
}
