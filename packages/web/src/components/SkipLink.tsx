// The first stop of the Tab key on a signed-in screen: "Skip to content" moves the focus past the
// header and the navigation to the page itself (WCAG 2.4.1). Hidden until it has the focus.
import { useTranslation } from 'react-i18next';
import classes from './SkipLink.module.css';

export const MAIN_ID = 'main';

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_ID}`}
      className={classes.link}
      onClick={(event) => {
        // Focus the page without a history entry (the router would take #main for a navigation).
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      {t('nav.skip')}
    </a>
  );
}
