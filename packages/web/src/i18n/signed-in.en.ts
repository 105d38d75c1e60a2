// The rest of the English strings, loaded with the signed-in frame (see index.ts),
// but the areas of screen-areas.ts, which load with their screens.
import { bundle } from './bundle.ts';

export default bundle(
  import.meta.glob(['./locales/en/*.json', '!./locales/en/{common,login,signup,mail_accounts,joining,sign_in_admin,link_identity,errors,jobs,webhooks,zealot_import,audit,system,site_settings,backups}.json'], { eager: true }),
);
