#!/usr/bin/env node
/**
 * zap1: anchor documents and check them from the command line.
 *
 *   zap1 stamp <files or folders…> --service URL     record them, write a pending receipt beside each
 *   zap1 upgrade <receipts or folders…> [--wait]     complete pending receipts once anchored
 *   zap1 verify <files, receipts or folders…>        check each document against its receipt
 *
 * `zap1-verify` stays the one-receipt verifier with every detail of a verdict.
 */
import { visibleText } from '../index.js';
import { UsageError, reasonOf } from './cli-common.js';
import { STAMP_USAGE, stampCommand } from './stamp.js';
import { Terminal } from './terminal.js';
import { UPGRADE_USAGE, upgradeCommand } from './upgrade.js';
import { VERIFY_USAGE, verifyCommand } from './verify-folder.js';

const USAGE = `Usage: zap1 <command> [options]

Commands:
  stamp    record documents with a ZAP1 service; writes <document>.zap1.json beside each
  upgrade  complete pending receipts with their anchored proof and chain evidence
  verify   check documents against their receipts, on this machine

Examples:
  zap1 stamp ./closing-binder --service https://zap1.example
  zap1 upgrade ./closing-binder --wait
  zap1 verify ./closing-binder

Run zap1 <command> --help for a command's options and exit codes.`;

const COMMANDS = {
  stamp: { run: stampCommand, usage: STAMP_USAGE },
  upgrade: { run: upgradeCommand, usage: UPGRADE_USAGE },
  verify: { run: verifyCommand, usage: VERIFY_USAGE },
} as const;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    console.log(USAGE);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name as keyof typeof COMMANDS];
  if (!command) throw new UsageError(`there is no command "${name}"`);
  try {
    return await command.run(rest, new Terminal());
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
      console.error(visibleText(`zap1 ${name}: ${reasonOf(error)}`));
      console.error(command.usage);
      return 2;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(visibleText(`zap1: ${reasonOf(error)}`));
    if (error instanceof UsageError) console.error(USAGE);
    process.exitCode = 2;
  },
);
