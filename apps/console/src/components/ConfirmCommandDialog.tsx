import { useTranslation } from 'react-i18next';
import { commandNeedsConfirmation, isFieldCode, type CommandRefusal, type ConfirmationRequired } from '@tracker/contract';
import { reasonLabel } from '../lib/reasons';
import { DataTable, type Column } from './DataTable';
import { FormFooter, Modal } from './Modal';

/**
 * The command ledger's confirmation (docs/sms.md "Confirmations"): before a fleet-wide or destructive send, what the
 * server answered it would do: how many devices get `command`, and which it refuses and why (terminated, disabled,
 * no number: the first ones listed). Nothing is sent until the user confirms; the confirming call brings the
 * server's token back. A destructive command (its class asks for a confirmation: it cannot be undone from here) is
 * said so. Nothing shows while `confirmation` is null.
 */
export function ConfirmCommandDialog({
  confirmation,
  command,
  pending,
  onCancel,
  onConfirm,
}: {
  confirmation: ConfirmationRequired | null;
  /** the command as the user chose it: its name and key (a key alone when it has no name) */
  command: { key: string; name?: string | undefined } | string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (token: string) => void;
}) {
  const { t } = useTranslation();
  const c = confirmation;
  if (!c) return null;
  const label = typeof command === 'string' ? command : command.name ? `${command.name} (${command.key})` : command.key;
  const destructive = typeof command !== 'string' && commandNeedsConfirmation(command.key);
  return (
    <Modal
      open
      size={c.refused ? 'wide' : 'normal'}
      title={t(destructive ? 'commands.confirm.destructiveTitle' : 'commands.confirm.title')}
      onClose={onCancel}
      onSubmit={(e) => {
        e.preventDefault();
        onConfirm(c.confirm_token);
      }}
      footer={<FormFooter onCancel={onCancel} submit={t('commands.confirm.send', { n: c.targets })} pending={pending} />}
    >
      <p data-testid="confirm-count">{t('commands.confirm.text', { n: c.targets, command: label })}</p>
      {destructive ? (
        <p className="warning" data-testid="confirm-destructive">
          {t('commands.confirm.destructive')}
        </p>
      ) : null}
      {c.refused ? <RefusedDevices refused={c.refused} refusals={c.refusals} /> : null}
    </Modal>
  );
}

/** Devices the ledger refused (with their reasons in the console's language): how many, and the first ones. */
export function RefusedDevices({ refused, refusals }: { refused: number; refusals: CommandRefusal[] }) {
  const { t } = useTranslation();
  const columns: Column<CommandRefusal>[] = [
    { key: 'device', header: t('commands.refused.device'), className: 'num', cell: (r) => r.device_id ?? r.named_as ?? t('common.none') },
    { key: 'named', header: t('commands.refused.imei'), className: 'mono', cell: (r) => r.named_as ?? '' },
    { key: 'reason', header: t('commands.refused.reason'), cell: (r) => (isFieldCode(r.reason_code) ? reasonLabel(t, r.reason_code, r.reason_params) : r.reason) },
  ];
  return (
    <div data-testid="refused-devices">
      <p>{t('commands.refused.text', { n: refused })}</p>
      <DataTable columns={columns} rows={refusals} rowKey={(r) => `${r.device_id ?? ''}:${r.named_as ?? ''}`} layout="wrap" />
      {refused > refusals.length ? <p className="hint">{t('commands.refused.more', { n: refused - refusals.length })}</p> : null}
    </div>
  );
}
