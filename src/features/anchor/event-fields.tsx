import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { HELP_CLASS } from '../../components/ui/styles';
import { newReference } from './anchor-draft';
import { replaceWalletPseudonym } from './wallet-pseudonym';

interface FieldWords {
  id: string;
  label: string;
  error: string | undefined;
}

/**
 * The event's two public words: the reference (serial number), prefilled with a generated one, and,
 * under "Advanced", the wallet pseudonym most people never need to touch.
 */
export function EventFields({
  serial,
  wallet,
  serialNumber,
  onSerialNumber,
  walletHash,
  onWalletHash,
  advancedOpen,
  onAdvancedOpen,
}: {
  serial: FieldWords;
  wallet: FieldWords;
  serialNumber: string;
  onSerialNumber: (value: string) => void;
  walletHash: string;
  onWalletHash: (value: string) => void;
  advancedOpen: boolean;
  onAdvancedOpen: (open: boolean) => void;
}) {
  return (
    <fieldset className="min-w-0 space-y-4 rounded border border-slate-300 p-4 dark:border-slate-700">
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
        <summary className="cursor-pointer font-medium">Advanced: wallet pseudonym</summary>
        <p className={HELP_CLASS}>Groups your submissions into one lifecycle. It is not part of the leaf.</p>
        <TextField
          {...wallet}
          help="A random pseudonym kept in this browser; letters, digits, _ and - only."
          value={walletHash}
          onChange={onWalletHash}
          spellCheck={false}
          action={<Button onClick={() => onWalletHash(replaceWalletPseudonym())}>New pseudonym</Button>}
        />
      </details>
    </fieldset>
  );
}
