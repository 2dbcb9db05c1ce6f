import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** First sign-in: the authenticator secret as a QR code and as text to type in by hand. */
export function EnrollmentQr({ otpauthUri, secret, username }: { otpauthUri: string; secret: string; username: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    setSrc(null);
    setFailed(false);
    // loaded on first enrollment only: most sign-ins never need it
    import('qrcode')
      .then((QRCode) => QRCode.toDataURL(otpauthUri, { margin: 1, width: 192, errorCorrectionLevel: 'M' }))
      .then((url) => alive && setSrc(url))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [otpauthUri]);

  return (
    <section className="enrollment" aria-labelledby="enrollment-title">
      <h3 id="enrollment-title" className="enrollment__title">
        {t('auth.enrollment.title')}
      </h3>
      <p>{t('auth.enrollment.explain')}</p>
      <div className="enrollment__qr">
        {src ? (
          <img src={src} width={192} height={192} alt={t('auth.enrollment.qrAlt', { username })} />
        ) : failed ? (
          <p className="field__error">{t('auth.enrollment.qrFailed')}</p>
        ) : (
          <span className="enrollment__placeholder" aria-hidden="true" />
        )}
      </div>
      <p className="enrollment__secret-label">{t('auth.enrollment.secretLabel')}</p>
      <code className="enrollment__secret" data-testid="enrollment-secret">
        {secret}
      </code>
    </section>
  );
}
