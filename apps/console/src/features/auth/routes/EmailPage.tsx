import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';

export type EmailPageKind = 'valid' | 'browser' | 'invalid';

/** §2 static e-mail confirmation pages: the links in the companion app's confirmation e-mails land here. */
export function EmailPage({ kind }: { kind: EmailPageKind }) {
  const { t } = useTranslation();
  const title = t(`email.${kind}.title`);
  return (
    <div className={`card card--narrow email-page email-page--${kind}`}>
      <PageTitle text={title}>{title}</PageTitle>
      <p>{t(`email.${kind}.body`)}</p>
    </div>
  );
}
