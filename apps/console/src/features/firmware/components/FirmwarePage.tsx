import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/PageTitle';
import { FirmwareNav } from './FirmwareNav';
import '../firmware.css';

/** The frame of every firmware screen: title, the screens' tabs, the content. */
export function FirmwarePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page page--firmware">
      <PageTitle text={title}>{title}</PageTitle>
      <FirmwareNav />
      {children}
    </div>
  );
}
