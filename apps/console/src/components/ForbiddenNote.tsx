import { useTranslation } from 'react-i18next';

/** §8 "Unauthorised route": the 401 message (a page the role may not open, a workspace tab it may not open). */
export function ForbiddenNote() {
  const { t } = useTranslation();
  return (
    <p className="forbidden" role="alert" data-testid="forbidden">
      {t('access.forbidden')}
    </p>
  );
}
