/**
 * Zcash network upgrades (ZIP 200) and their consensus branch ids, as each upgrade's deployment ZIP
 * defines them: the one place this library names them. A v5 transaction's nConsensusBranchId is
 * part of its txid and auth digest (ZIP 244), so a transaction built for a chain must carry the id
 * of the upgrade active at the height it is mined at.
 *
 * Reading does not consult this table: `parseTransaction` and the digests take whatever id the
 * bytes hold, so a transaction of an upgrade added after this table was written still reads.
 */

/** The chains a ZAP1 service anchors on: Zcash's two public networks, or a development chain. */
export type ChainNetwork = 'mainnet' | 'testnet' | 'devnet';

/** One network upgrade, with the constants its deployment ZIP gives (ZIP 200, "Specification"). */
export interface NetworkUpgrade {
  /** The upgrade's name, as the ZIPs write it. */
  name: string;
  /** The ZIP that deploys it and defines the constants below. */
  zip: number;
  /** CONSENSUS_BRANCH_ID: a globally unique non-zero 32-bit id. */
  consensusBranchId: number;
  /**
   * ACTIVATION_HEIGHT on Mainnet as the ZIP gives it, or null while it gives none ("TBD"). A ZIP
   * may set a height months ahead: enter it once Mainnet has reached it, since the newest upgrade
   * with a height here is taken as the current one.
   */
  mainnetActivationHeight: number | null;
  /** ACTIVATION_HEIGHT on Testnet, or null while the ZIP gives none ("TBD"). */
  testnetActivationHeight: number | null;
}

/**
 * Every network upgrade since Overwinter (the first with a branch id; Sprout's rules are id 0),
 * oldest first, as read in the zcash/zips repository on 2026-11-29. NU6.3 (ZIP 258, Draft) and NU7
 * (ZIP 259, Draft) are listed with the ids their ZIPs define, but those ZIPs give no Mainnet
 * activation height, so neither counts as active here. ZIP 254 (an earlier NU7 deployment) is
 * Withdrawn and ZIP 256 documents fixes without a network upgrade: neither defines a branch id.
 */
export const NETWORK_UPGRADES: readonly NetworkUpgrade[] = Object.freeze(
  [
    {
      name: 'Overwinter',
      zip: 201,
      consensusBranchId: 0x5ba8_1b19,
      mainnetActivationHeight: 347_500,
      testnetActivationHeight: 207_500,
    },
    {
      name: 'Sapling',
      zip: 205,
      consensusBranchId: 0x76b8_09bb,
      mainnetActivationHeight: 419_200,
      testnetActivationHeight: 280_000,
    },
    {
      name: 'Blossom',
      zip: 206,
      consensusBranchId: 0x2bb4_0e60,
      mainnetActivationHeight: 653_600,
      testnetActivationHeight: 584_000,
    },
    {
      name: 'Heartwood',
      zip: 250,
      consensusBranchId: 0xf5b9_230b,
      mainnetActivationHeight: 903_000,
      testnetActivationHeight: 903_800,
    },
    {
      name: 'Canopy',
      zip: 251,
      consensusBranchId: 0xe9ff_75a6,
      mainnetActivationHeight: 1_046_400,
      testnetActivationHeight: 1_028_500,
    },
    // Testnet's second activation: the first (id 0x37519621, height 1599200) was rolled back.
    {
      name: 'NU5',
      zip: 252,
      consensusBranchId: 0xc2d6_d0b4,
      mainnetActivationHeight: 1_687_104,
      testnetActivationHeight: 1_842_420,
    },
    {
      name: 'NU6',
      zip: 253,
      consensusBranchId: 0xc8e7_1055,
      mainnetActivationHeight: 2_726_400,
      testnetActivationHeight: 2_976_000,
    },
    {
      name: 'NU6.1',
      zip: 255,
      consensusBranchId: 0x4dec_4df0,
      mainnetActivationHeight: 3_146_400,
      testnetActivationHeight: 3_536_500,
    },
    {
      name: 'NU6.2',
      zip: 257,
      consensusBranchId: 0x5437_f330,
      mainnetActivationHeight: 3_364_600,
      testnetActivationHeight: 4_052_000,
    },
    {
      name: 'NU6.3',
      zip: 258,
      consensusBranchId: 0x37a5_165b,
      mainnetActivationHeight: null,
      testnetActivationHeight: 4_134_000,
    },
    {
      name: 'NU7',
      zip: 259,
      consensusBranchId: 0x7719_0ad9,
      mainnetActivationHeight: null,
      testnetActivationHeight: null,
    },
  ].map((upgrade) => Object.freeze(upgrade)),
);

/**
 * The upgrade whose rules Mainnet follows: the newest one with a Mainnet activation height (NU6.2,
 * ZIP 257, as the ZIPs were on 2026-11-29). Derived from the table so that the table stays the one
 * place to revise when an upgrade activates.
 */
export const CURRENT_NETWORK_UPGRADE: NetworkUpgrade = NETWORK_UPGRADES.findLast(
  (upgrade) => upgrade.mainnetActivationHeight !== null,
)!;

/** The consensus branch id of `CURRENT_NETWORK_UPGRADE` (NU6.2: 0x5437F330). */
export const CURRENT_BRANCH_ID: number = CURRENT_NETWORK_UPGRADE.consensusBranchId;
