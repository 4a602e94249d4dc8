import { useId } from 'react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { HELP_CLASS } from '../../components/ui/styles';
import { newReference } from './anchor-draft';

interface FieldWords {
  id: string;
  label: string;
  error: string | undefined;
}

/** What keeping one pseudonym costs, said where it is chosen (and on the Wallet page in its words). */
export const GROUPING_EXPLAINED =
  'Off (the default), each document gets a new pseudonym, so its receipt leads to no other contract. On, everyone with one of these receipts can list the others: the pseudonym’s public timeline (the Wallet page) shows every contract filed under it, with its serial number and time.';

/**
 * The event's two public words: the reference (serial number), prefilled with a generated one, and,
 * under "Advanced", the wallet pseudonym most people never need to touch: a new one per document,
 * unless they choose to keep using one.
 */
export function EventFields({
  serial,
  wallet,
  serialNumber,
  onSerialNumber,
  walletHash,
  onWalletHash,
  onNewPseudonym,
  grouped,
  onGrouped,
  advancedOpen,
  onAdvancedOpen,
  disabled,
}: {
  serial: FieldWords;
  wallet: FieldWords;
  serialNumber: string;
  onSerialNumber: (value: string) => void;
  walletHash: string;
  onWalletHash: (value: string) => void;
  onNewPseudonym: () => void;
  grouped: boolean;
  onGrouped: (grouped: boolean) => void;
  advancedOpen: boolean;
  onAdvancedOpen: (open: boolean) => void;
  disabled: boolean;
}) {
  const groupingHelpId = useId();
  return (
    <fieldset
      disabled={disabled}
      className="min-w-0 space-y-4 rounded border border-slate-300 p-4 dark:border-slate-700"
    >
      <legend className="px-1 font-semibold">2. Your reference</legend>
      <p
        className="rounded bg-amber-50 p-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
        role="note"
      >
        The reference and the wallet pseudonym become public: anyone can read them in this wallet's lifecycle.
        Use nothing personal or secret.
      </p>
      <TextField
        {...serial}
        label={`Reference (${serial.label.toLowerCase()})`}
        help="A safe reference was generated for you; change it to your own if you like (1-512 bytes, no line breaks). Sent exactly as typed, spaces included."
        value={serialNumber}
        onChange={onSerialNumber}
        spellCheck={false}
        action={<Button onClick={() => onSerialNumber(newReference())}>New reference</Button>}
      />
      <details
        open={advancedOpen}
        onToggle={(event) => onAdvancedOpen(event.currentTarget.open)}
        className="space-y-3"
      >
        <summary className="cursor-pointer font-medium">
          Advanced: wallet pseudonym{' '}
          <span className="font-normal text-slate-700 dark:text-slate-300" data-testid="pseudonym-rule">
            ({grouped ? 'one for all your documents' : 'a new one for this document'})
          </span>
        </summary>
        <p className={HELP_CLASS}>
          Files this event in the pseudonym's public timeline. It is not part of the leaf.
        </p>
        <TextField
          {...wallet}
          help={
            grouped
              ? 'The pseudonym you keep using in this browser; type another if you like (letters, digits, _ and - only).'
              : 'A new random pseudonym for this document; type your own if you like (letters, digits, _ and - only).'
          }
          value={walletHash}
          onChange={onWalletHash}
          spellCheck={false}
          action={<Button onClick={onNewPseudonym}>New pseudonym</Button>}
        />
        <div className="space-y-1">
          <label className="flex items-start gap-2 font-medium">
            <input
              type="checkbox"
              className="mt-1 size-4 shrink-0"
              checked={grouped}
              onChange={(event) => onGrouped(event.target.checked)}
              aria-describedby={groupingHelpId}
            />
            Keep using this pseudonym for my next documents
          </label>
          <p id={groupingHelpId} className={HELP_CLASS}>
            {GROUPING_EXPLAINED}
          </p>
        </div>
      </details>
    </fieldset>
  );
}
