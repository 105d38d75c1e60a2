// The rest of the Simplified Chinese strings, loaded with the signed-in frame (see index.ts),
// but the areas of screen-areas.ts, which load with their screens.
import { bundle } from './bundle.ts';

export default bundle(
  import.meta.glob(['./locales/zh-CN/*.json', '!./locales/zh-CN/{common,login,signup,mail_accounts,joining,sign_in_admin,link_identity,errors,jobs,webhooks,zealot_import,audit,system,site_settings,backups}.json'], { eager: true }),
);
